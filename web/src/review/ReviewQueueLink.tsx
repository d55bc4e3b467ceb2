import { useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../ui/Button';
import { REVIEW_COUNTS_QUERY } from './graphql';

/**
 * How many photos and guestbook messages wait for the couple's approval, with the way to the queue (its
 * Messages tab when only messages wait): on the event page and dashboard.
 */
export function ReviewQueueLink({ code, compact = false }: { code: string; compact?: boolean }) {
  const { t } = useTranslation();
  const { data } = useQuery(REVIEW_COUNTS_QUERY, { variables: { code }, fetchPolicy: 'network-only' });
  const counts = data?.reviewQueue;
  if (!counts) return null;
  const waiting = counts.waitingCount + counts.waitingMessageCount;
  const hidden = counts.hiddenCount + counts.hiddenMessageCount;
  if (compact && waiting === 0) return null;
  const onlyMessages = counts.waitingCount === 0 && counts.waitingMessageCount > 0;
  return (
    <div className="review-link" data-testid="review-queue-link">
      {waiting === 0 && <p>{t('privacy.queueNothing')}</p>}
      {counts.waitingCount > 0 && <p>{t('privacy.queueWaiting', { count: counts.waitingCount })}</p>}
      {counts.waitingMessageCount > 0 && (
        <p>{t('privacy.queueMessagesWaiting', { count: counts.waitingMessageCount })}</p>
      )}
      {(waiting > 0 || hidden > 0 || !compact) && (
        <ButtonLink
          to={`/event/${encodeURIComponent(code)}/review${onlyMessages ? '?show=messages' : ''}`}
          variant="secondary"
          size={compact ? 'small' : undefined}
        >
          {t('privacy.openQueue')}
        </ButtonLink>
      )}
    </div>
  );
}
