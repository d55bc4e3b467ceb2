import { useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { readApiError, type ApiError } from '../api/apiErrors';
import { useUser } from '../owner/session';
import { SignInForm } from '../owner/SignInForm';
import { Button, ButtonLink } from '../ui/Button';
import { PageHeader } from '../ui/Section';
import { Spinner } from '../ui/Spinner';
import {
  REVIEW_MESSAGES,
  REVIEW_MESSAGES_QUERY,
  REVIEW_PAGE_SIZE,
  REVIEW_PHOTOS,
  REVIEW_QUEUE_QUERY,
  type ReviewCounts,
  type ReviewMessage,
  type ReviewPhoto,
  type ReviewQueueState,
} from './graphql';
import './review.css';

/** What the queue shows: guests' photos, or their guestbook messages (?show=messages). */
type ReviewKind = 'PHOTOS' | 'MESSAGES';

/**
 * /event/:id/review: the couple's approval queue, for photos and for guestbook messages. Those waiting (or
 * hidden) are shown with a checkbox each; the selection is approved or hidden at once, or one by its own
 * buttons. Checkboxes and buttons are native controls (keyboard: Tab, Space), each a 44 px touch target.
 */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const code = id.toUpperCase();
  const { user, checking } = useUser();
  const [search, setSearch] = useSearchParams();
  const kind: ReviewKind = search.get('show') === 'messages' ? 'MESSAGES' : 'PHOTOS';
  const [state, setState] = useState<ReviewQueueState>('WAITING');
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const photoQueue = useQuery(REVIEW_QUEUE_QUERY, {
    variables: { code, state, first: REVIEW_PAGE_SIZE },
    skip: !user || kind !== 'PHOTOS',
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const messageQueue = useQuery(REVIEW_MESSAGES_QUERY, {
    variables: { code, state, first: REVIEW_PAGE_SIZE },
    skip: !user || kind !== 'MESSAGES',
    fetchPolicy: 'network-only',
    notifyOnNetworkStatusChange: true,
  });
  const [reviewPhotos, reviewingPhotos] = useMutation(REVIEW_PHOTOS);
  const [reviewMessages, reviewingMessages] = useMutation(REVIEW_MESSAGES);

  if (checking) return <Spinner label={t('common.loading')} />;
  if (!user) return <SignInForm />;
  const active = kind === 'PHOTOS' ? photoQueue : messageQueue;
  const { loading, refetch } = active;
  const counts: ReviewCounts | undefined = active.data?.reviewQueue;
  const photoPage = photoQueue.data?.reviewQueue.photos;
  const messagePage = messageQueue.data?.reviewQueue.messages;
  const page = kind === 'PHOTOS' ? photoPage : messagePage;
  const photos = photoPage?.nodes ?? [];
  const messages = messagePage?.nodes ?? [];
  const shown: { id: string }[] = kind === 'PHOTOS' ? photos : messages;
  const waiting = kind === 'PHOTOS' ? counts?.waitingCount : counts?.waitingMessageCount;
  const hidden = kind === 'PHOTOS' ? counts?.hiddenCount : counts?.hiddenMessageCount;
  const reviewing = kind === 'PHOTOS' ? reviewingPhotos : reviewingMessages;

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
    const said =
      kind === 'PHOTOS'
        ? decision === 'APPROVE'
          ? 'review.approved'
          : 'review.hidden'
        : decision === 'APPROVE'
          ? 'review.messagesApproved'
          : 'review.messagesHidden';
    const decided: Promise<unknown> =
      kind === 'PHOTOS'
        ? reviewPhotos({ variables: { code, ids, decision } })
        : reviewMessages({ variables: { code, ids, decision } });
    decided
      .then(async () => {
        setDone(t(said, { count: ids.length }));
        setSelected(new Set());
        await refetch();
      })
      .catch((error: unknown) => setFailure(readApiError(error)));
  }

  function show(next: ReviewQueueState) {
    setState(next);
    setSelected(new Set());
    setDone(null);
    setFailure(null);
  }

  function showKind(next: ReviewKind) {
    setSearch(next === 'MESSAGES' ? { show: 'messages' } : {}, { replace: true });
    show('WAITING');
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
      <p className="review-intro">{t(kind === 'PHOTOS' ? 'review.intro' : 'review.messagesIntro')}</p>
      <div className="review-tabs review-kinds" role="group" aria-label={t('review.kinds')}>
        {(['PHOTOS', 'MESSAGES'] as const).map((tab) => (
          <Button
            key={tab}
            variant={kind === tab ? 'primary' : 'secondary'}
            aria-pressed={kind === tab}
            onClick={() => showKind(tab)}
            data-testid={tab === 'PHOTOS' ? 'review-photos-tab' : 'review-messages-tab'}
          >
            {t(tab === 'PHOTOS' ? 'review.photosTab' : 'review.messagesTab', {
              count: (tab === 'PHOTOS' ? counts?.waitingCount : counts?.waitingMessageCount) ?? 0,
            })}
          </Button>
        ))}
      </div>
      <div
        className="review-tabs"
        role="group"
        aria-label={t(kind === 'PHOTOS' ? 'review.tabs' : 'review.messageTabs')}
      >
        {(['WAITING', 'HIDDEN'] as const).map((tab) => (
          <Button
            key={tab}
            variant={state === tab ? 'primary' : 'secondary'}
            aria-pressed={state === tab}
            onClick={() => show(tab)}
          >
            {t(
              tab === 'WAITING'
                ? 'review.waitingTab'
                : kind === 'PHOTOS'
                  ? 'review.hiddenTab'
                  : 'review.hiddenMessagesTab',
              {
                count: (tab === 'WAITING' ? waiting : hidden) ?? 0,
              },
            )}
          </Button>
        ))}
      </div>

      <div className="review-toolbar">
        <Button
          variant="ghost"
          size="small"
          disabled={shown.length === 0}
          onClick={() =>
            setSelected(selected.size === shown.length ? new Set() : new Set(shown.map((item) => item.id)))
          }
        >
          {selected.size === shown.length && shown.length > 0
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

      {loading && !active.data ? (
        <Spinner label={t('common.loading')} />
      ) : shown.length === 0 ? (
        <p className="review-empty">
          {t(
            state === 'WAITING'
              ? 'review.emptyWaiting'
              : kind === 'PHOTOS'
                ? 'review.emptyHidden'
                : 'review.emptyHiddenMessages',
          )}
        </p>
      ) : kind === 'MESSAGES' ? (
        <ul className="review-messages" data-testid="review-messages">
          {messages.map((message, index) => (
            <ReviewMessageItem
              key={message.id}
              message={message}
              index={index + 1}
              total={messages.length}
              checked={selected.has(message.id)}
              onToggle={() => toggle(message.id)}
              busy={reviewing.loading}
              hidden={state === 'HIDDEN'}
              onDecide={(decision) => decide([message.id], decision)}
            />
          ))}
        </ul>
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
      {page?.hasMore && (
        <div className="button-row">
          <Button
            variant="secondary"
            disabled={loading}
            onClick={() =>
              kind === 'MESSAGES'
                ? void messageQueue.fetchMore({
                    variables: { after: page.endCursor },
                    updateQuery: (previous, { fetchMoreResult }) => ({
                      reviewQueue: {
                        ...fetchMoreResult.reviewQueue,
                        messages: {
                          ...fetchMoreResult.reviewQueue.messages,
                          nodes: [
                            ...previous.reviewQueue.messages.nodes,
                            ...fetchMoreResult.reviewQueue.messages.nodes,
                          ],
                        },
                      },
                    }),
                  })
                : void photoQueue.fetchMore({
                    variables: { after: page.endCursor },
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

/** One guest message on the queue: its text as typed (shown as text), who left it, and its decisions. */
function ReviewMessageItem({
  message,
  index,
  total,
  checked,
  onToggle,
  busy,
  hidden,
  onDecide,
}: {
  message: ReviewMessage;
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
    <li
      className={checked ? 'review-message review-tile-checked' : 'review-message'}
      data-message-id={message.id}
    >
      <label className="review-message-pick">
        <input
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          aria-label={t('review.selectMessage', { index, total })}
        />
        <span className="review-message-body">
          <span className="review-message-text">{message.text}</span>
          <span className="review-guest">
            {message.guestName ? t('guestName.by', { name: message.guestName }) : t('guestbook.anonymous')}
          </span>
        </span>
      </label>
      <div className="review-actions">
        <Button
          size="small"
          variant="primary"
          disabled={busy}
          aria-label={t('review.approveMessage', { index })}
          onClick={() => onDecide('APPROVE')}
        >
          {t('review.approve')}
        </Button>
        {!hidden && (
          <Button
            size="small"
            variant="secondary"
            disabled={busy}
            aria-label={t('review.hideMessage', { index })}
            onClick={() => onDecide('HIDE')}
          >
            {t('review.hide')}
          </Button>
        )}
      </div>
    </li>
  );
}
