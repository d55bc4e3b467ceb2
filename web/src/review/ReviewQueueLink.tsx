import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/Button';
import { REVIEW_COUNTS_QUERY } from './graphql';

/** How many photos wait for the couple's approval, with the way to the queue: on the event page and dashboard. */
export function ReviewQueueLink({ code, compact = false }: { code: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery(REVIEW_COUNTS_QUERY, { variables: { code }, fetchPolicy: 'network-only' });
  const counts = data?.reviewQueue;
  if (!counts || (compact && counts.waitingCount === 0)) return null;
  return (
    <div className="review-link" data-testid="review-queue-link">
      <p>
        {counts.waitingCount > 0
          ? t('privacy.queueWaiting', { count: counts.waitingCount })
          : t('privacy.queueEmpty')}
      </p>
      {(counts.waitingCount > 0 || counts.hiddenCount > 0 || !compact) && (
        <ButtonLink
          to={`/event/${encodeURIComponent(code)}/review`}
          variant="secondary"
          size={compact ? 'small' : undefined}
        >
          {t('privacy.openQueue')}
        </ButtonLink>
      )}
    </div>
  );
}
