import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { readApiError, type ApiError } from '../api/apiErrors';
import { useUser } from '../owner/session';
import { SignInForm } from '../owner/SignInForm';
import { Button, ButtonLink } from '../ui/Button';
import { PageHeader } from '../ui/Section';
import { Spinner } from '../ui/Spinner';
import {
  REVIEW_PAGE_SIZE,
  REVIEW_PHOTOS,
  REVIEW_QUEUE_QUERY,
  type ReviewPhoto,
  type ReviewQueueState,
} from './graphql';
import './review.css';

/**
 * /event/:id/review: the couple's approval queue. Photos waiting (or hidden) are shown with a checkbox each;
 * the selection is approved or hidden at once, or one photo by its own buttons. Checkboxes and buttons are
 * native controls (keyboard: Tab, Space), each a 44 px touch target.
 */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const code = id.toUpperCase();
  const { user, checking } = useUser();
  const [state, setState] = useState<ReviewQueueState>('WAITING');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const { data, loading, fetchMore, refetch } = useQuery(REVIEW_QUEUE_QUERY, {
    variables: { code, state, first: REVIEW_PAGE_SIZE },
    skip: !user,
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const [review, reviewing] = useMutation(REVIEW_PHOTOS);

  if (checking) return <Spinner label={t('common.loading')} />;
  if (!user) return <SignInForm />;
  const queue = data?.reviewQueue;
  const photos = queue?.photos.nodes ?? [];

  function toggle(photoId: string) {
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(photoId)) next.delete(photoId);
      else next.add(photoId);
      return next;
    });
  }

  function decide(ids: string[], decision: 'APPROVE' | 'HIDE') {
    setFailure(null);
    setDone(null);
    review({ variables: { code, ids, decision } })
      .then(() => {
        setDone(t(decision === 'APPROVE' ? 'review.approved' : 'review.hidden', { count: ids.length }));
        setSelected(new Set());
        return refetch();
      })
      .catch((error: unknown) => setFailure(readApiError(error)));
  }

  function show(next: ReviewQueueState) {
    setState(next);
    setSelected(new Set());
    setDone(null);
    setFailure(null);
  }

  const chosen = [...selected];
  return (
    <div className="page owner-page review-page" data-code={code}>
      <ButtonLink
        to={`/event/${encodeURIComponent(code)}#privacy`}
        variant="ghost"
        size="small"
        className="back-link"
      >
        <span aria-hidden="true">←</span> {t('review.back')}
      </ButtonLink>
      <PageHeader title={t('review.title')} />
      <p className="review-intro">{t('review.intro')}</p>
      <div className="review-tabs" role="group" aria-label={t('review.tabs')}>
        {(['WAITING', 'HIDDEN'] as const).map((tab) => (
          <Button
            key={tab}
            variant={state === tab ? 'primary' : 'secondary'}
            aria-pressed={state === tab}
            onClick={() => show(tab)}
          >
            {t(tab === 'WAITING' ? 'review.waitingTab' : 'review.hiddenTab', {
              count: tab === 'WAITING' ? (queue?.waitingCount ?? 0) : (queue?.hiddenCount ?? 0),
            })}
          </Button>
        ))}
      </div>

      <div className="review-toolbar">
        <Button
          variant="ghost"
          size="small"
          disabled={photos.length === 0}
          onClick={() =>
            setSelected(
              selected.size === photos.length ? new Set() : new Set(photos.map((photo) => photo.id)),
            )
          }
        >
          {selected.size === photos.length && photos.length > 0
            ? t('review.selectNone')
            : t('review.selectAll')}
        </Button>
        <span className="review-count" aria-live="polite">
          {t('review.selected', { count: selected.size })}
        </span>
        {state === 'WAITING' || selected.size > 0 ? (
          <Button
            variant="primary"
            disabled={selected.size === 0 || reviewing.loading}
            onClick={() => decide(chosen, 'APPROVE')}
            data-testid="approve-selected"
          >
            {t('review.approveSelected')}
          </Button>
        ) : null}
        {state === 'WAITING' && (
          <Button
            variant="secondary"
            disabled={selected.size === 0 || reviewing.loading}
            onClick={() => decide(chosen, 'HIDE')}
            data-testid="hide-selected"
          >
            {t('review.hideSelected')}
          </Button>
        )}
      </div>

      <div role="status">{done && <p className="form-success">{done}</p>}</div>
      {failure && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}

      {loading && !data ? (
        <Spinner label={t('common.loading')} />
      ) : photos.length === 0 ? (
        <p className="review-empty">
          {t(state === 'WAITING' ? 'review.emptyWaiting' : 'review.emptyHidden')}
        </p>
      ) : (
        <ul className="review-grid" data-testid="review-queue">
          {photos.map((photo, index) => (
            <ReviewTile
              key={photo.id}
              photo={photo}
              index={index + 1}
              total={photos.length}
              checked={selected.has(photo.id)}
              onToggle={() => toggle(photo.id)}
              busy={reviewing.loading}
              hidden={state === 'HIDDEN'}
              onDecide={(decision) => decide([photo.id], decision)}
            />
          ))}
        </ul>
      )}
      {queue?.photos.hasMore && (
        <div className="button-row">
          <Button
            variant="secondary"
            disabled={loading}
            onClick={() =>
              void fetchMore({
                variables: { after: queue.photos.endCursor },
                updateQuery: (previous, { fetchMoreResult }) => ({
                  reviewQueue: {
                    ...fetchMoreResult.reviewQueue,
                    photos: {
                      ...fetchMoreResult.reviewQueue.photos,
                      nodes: [
                        ...previous.reviewQueue.photos.nodes,
                        ...fetchMoreResult.reviewQueue.photos.nodes,
                      ],
                    },
                  },
                }),
              })
            }
          >
            {t('review.loadMore')}
          </Button>
        </div>
      )}
    </div>
  );
}

function ReviewTile({
  photo,
  index,
  total,
  checked,
  onToggle,
  busy,
  hidden,
  onDecide,
}: {
  photo: ReviewPhoto;
  index: number;
  total: number;
  checked: boolean;
  onToggle: () => void;
  busy: boolean;
  hidden: boolean;
  onDecide: (decision: 'APPROVE' | 'HIDE') => void;
}) {
  const { t } = useTranslation();
  return (
    <li className={checked ? 'review-tile review-tile-checked' : 'review-tile'} data-photo-id={photo.id}>
      <label className="review-pick">
        <input
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          aria-label={t('review.select', { index, total })}
        />
        <img src={photo.thumbnailUrl} alt="" loading="lazy" decoding="async" />
      </label>
      {photo.guestName && <p className="review-guest">{photo.guestName}</p>}
      <div className="review-actions">
        <Button
          size="small"
          variant="primary"
          disabled={busy}
          aria-label={t('review.approveOne', { index })}
          onClick={() => onDecide('APPROVE')}
        >
          {t('review.approve')}
        </Button>
        {!hidden && (
          <Button
            size="small"
            variant="secondary"
            disabled={busy}
            aria-label={t('review.hideOne', { index })}
            onClick={() => onDecide('HIDE')}
          >
            {t('review.hide')}
          </Button>
        )}
      </div>
    </li>
  );
}
