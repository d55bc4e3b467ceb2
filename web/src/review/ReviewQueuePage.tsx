import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { readApiError, type ApiError } from '../api/apiErrors';
import { useUser } from '../signIn/session';
import { SignInForm } from '../signIn/SignInForm';
import { Button, ButtonLink } from '../ui/Button';
import { PageHeader } from '../ui/Section';
import { Spinner } from '../ui/Spinner';
import {
  REVIEW_MESSAGES,
  REVIEW_MESSAGES_QUERY,
  REVIEW_PAGE_SIZE,
  REVIEW_QUEUE_QUERY,
  HIDE_PHOTOS_WITH_HINT,
  type PhotoHint,
  type PhotoQualityHints,
  type ReviewCounts,
  type ReviewQueue,
  type ReviewQueueState,
} from './graphql';
import { KINDS, TEXTS, tabAfterKey, type ReviewKind } from './queueTabs';
import { ReviewPhotoGrid } from './ReviewPhotoGrid';
import { PhotoImage } from '../gallery/PhotoImage';
import { REVIEW_PHOTOS } from '../gallery/graphql';
import './review.css';

/**
 * /event/:id/review: the couple's approval queue, for photos and for guestbook messages. Two tabs choose what
 * to review (arrow keys move between them); within the tab, a smaller switch shows those waiting or those
 * hidden (and, for photos, those guests see), each with a checkbox; the selection is approved or hidden at once,
 * or one by its own buttons. Photos carry their quality hints ("blurry", "dark", "near-duplicate of ..."): the
 * couple can show only those with one, and hide them all at once; nothing is hidden but by their choice.
 * Checkboxes and buttons are native controls (keyboard: Tab, Space), each a 44 px touch target.
 */
export function ReviewQueuePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const code = id.toUpperCase();
  const { user, checking } = useUser();
  const [search, setSearch] = useSearchParams();
  const kind: ReviewKind = search.get('show') === 'messages' ? 'MESSAGES' : 'PHOTOS';
  const [state, setState] = useState<ReviewQueueState>('WAITING');
  const [hint, setHint] = useState<PhotoHint | null>(null);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const tabs = useRef<Partial<Record<ReviewKind, HTMLButtonElement | null>>>({});
  /**
   * The tab an arrow key chose: focused once it shows as chosen (the address changes in a transition, which may
   * render a moment later), so a screen reader never announces the focused tab as not selected.
   */
  const focusWhenShown = useRef<ReviewKind | null>(null);
  useEffect(() => {
    if (focusWhenShown.current !== kind) return;
    focusWhenShown.current = null;
    tabs.current[kind]?.focus();
  }, [kind]);
  const photoQueue = useQuery(REVIEW_QUEUE_QUERY, {
    variables: { code, state, first: REVIEW_PAGE_SIZE, hint },
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
  const [hideWithHint, hidingWithHint] = useMutation(HIDE_PHOTOS_WITH_HINT);
  const active = kind === 'PHOTOS' ? photoQueue : messageQueue;
  // Both tabs' counts come with either queue: the last ones known stay on the tabs while the other tab loads.
  const latest: ReviewCounts | undefined = active.data?.reviewQueue;
  const [counts, setCounts] = useState(latest);
  if (latest && latest !== counts) setCounts(latest);

  if (checking) return <Spinner label={t('common.loading')} />;
  if (!user) return <SignInForm />;
  const { loading, refetch } = active;
  const texts = TEXTS[kind];
  const photoPage = photoQueue.data?.reviewQueue.photos;
  const messagePage = messageQueue.data?.reviewQueue.messages;
  const page = kind === 'PHOTOS' ? photoPage : messagePage;
  const photos = photoPage?.nodes ?? [];
  const messages = messagePage?.nodes ?? [];
  const shown: { id: string }[] = kind === 'PHOTOS' ? photos : messages;
  const waitingOf = (of: ReviewKind) =>
    of === 'PHOTOS' ? counts?.waitingCount : counts?.waitingMessageCount;
  const waiting = waitingOf(kind);
  const hidden = kind === 'PHOTOS' ? counts?.hiddenCount : counts?.hiddenMessageCount;
  const shownCount = photoQueue.data?.reviewQueue.shownCount;
  const hintCounts = photoQueue.data?.reviewQueue.hintCounts;
  const hintsOf = new Map(
    (photoQueue.data?.reviewQueue.photoHints ?? []).map((hints) => [hints.photoId, hints]),
  );
  const reviewing = kind === 'PHOTOS' ? reviewingPhotos : reviewingMessages;
  const busy = reviewing.loading || hidingWithHint.loading;
  const states: readonly ReviewQueueState[] =
    kind === 'PHOTOS' ? ['WAITING', 'SHOWN', 'HIDDEN'] : ['WAITING', 'HIDDEN'];
  const hintCount = hint && hintCounts ? hintCounts[HINT_COUNT[hint]] : 0;

  function toggle(itemId: string) {
    setSelected((before) => {
      const next = new Set(before);
      if (next.has(itemId)) next.delete(itemId);
      else next.add(itemId);
      return next;
    });
  }

  function decide(ids: string[], decision: 'APPROVE' | 'HIDE') {
    setFailure(null);
    setDone(null);
    const said = decision === 'APPROVE' ? texts.approved : texts.hidden;
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

  function hideAllWithHint(chosenHint: PhotoHint) {
    setFailure(null);
    setDone(null);
    hideWithHint({ variables: { code, state, hint: chosenHint } })
      .then(async ({ data }) => {
        setDone(t('review.hidden', { count: data?.hidePhotosWithHint ?? 0 }));
        setSelected(new Set());
        await refetch();
      })
      .catch((error: unknown) => setFailure(readApiError(error)));
  }

  function showHint(next: PhotoHint | null) {
    setHint(next);
    setSelected(new Set());
    setDone(null);
    setFailure(null);
  }

  function show(next: ReviewQueueState) {
    setState(next);
    setHint(null);
    setSelected(new Set());
    setDone(null);
    setFailure(null);
  }

  function showKind(next: ReviewKind) {
    if (next === kind) return;
    setSearch(next === 'MESSAGES' ? { show: 'messages' } : {}, { replace: true });
    show('WAITING');
  }

  /** The next page of photos, added to those read (as the end of the grid comes near, or on "Show more"). */
  function morePhotos() {
    if (!photoPage?.hasMore) return;
    void photoQueue
      .fetchMore({
        variables: { after: photoPage.endCursor },
        updateQuery: (previous, { fetchMoreResult }) => ({
          reviewQueue: {
            ...fetchMoreResult.reviewQueue,
            photos: {
              ...fetchMoreResult.reviewQueue.photos,
              nodes: [...previous.reviewQueue.photos.nodes, ...fetchMoreResult.reviewQueue.photos.nodes],
            },
          },
        }),
      })
      .catch(() => undefined);
  }

  /** The next page of messages, on "Show more". */
  function moreMessages() {
    if (!messagePage?.hasMore) return;
    void messageQueue.fetchMore({
      variables: { after: messagePage.endCursor },
      updateQuery: (previous, { fetchMoreResult }) => ({
        reviewQueue: {
          ...fetchMoreResult.reviewQueue,
          messages: {
            ...fetchMoreResult.reviewQueue.messages,
            nodes: [...previous.reviewQueue.messages.nodes, ...fetchMoreResult.reviewQueue.messages.nodes],
          },
        },
      }),
    });
  }

  /** Arrow keys, Home and End move to another tab and show it, as a tab list does. */
  function onTabKey(event: KeyboardEvent<HTMLDivElement>) {
    const next = tabAfterKey(KINDS, kind, event.key);
    if (!next) return;
    event.preventDefault();
    focusWhenShown.current = next;
    showKind(next);
  }

  /** What each item of the list shares, whichever kind: its checkbox, its buttons, its place in the list. */
  const itemProps = (itemId: string, index: number) => ({
    kind,
    id: itemId,
    index: index + 1,
    total: shown.length,
    checked: selected.has(itemId),
    onToggle: () => toggle(itemId),
    busy,
    hidden: state === 'HIDDEN',
    shown: state === 'SHOWN',
    onDecide: (decision: 'APPROVE' | 'HIDE') => decide([itemId], decision),
  });

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
      <div className="review-kinds" role="tablist" aria-label={t('review.kinds')} onKeyDown={onTabKey}>
        {KINDS.map((tab) => {
          const count = waitingOf(tab);
          return (
            <button
              key={tab}
              ref={(element) => {
                tabs.current[tab] = element;
              }}
              type="button"
              role="tab"
              id={tabId(tab)}
              className="review-kind"
              aria-selected={kind === tab}
              aria-controls={kind === tab ? PANEL_ID : undefined}
              tabIndex={kind === tab ? 0 : -1}
              onClick={() => showKind(tab)}
              data-testid={tab === 'PHOTOS' ? 'review-photos-tab' : 'review-messages-tab'}
            >
              {t(TEXTS[tab].tab)}
              {count !== undefined && (
                <>
                  <span className="review-kind-count" aria-hidden="true">
                    {count}
                  </span>{' '}
                  <span className="visually-hidden">{t('review.tabWaiting', { count })}</span>
                </>
              )}
            </button>
          );
        })}
      </div>

      <div className="review-panel" role="tabpanel" id={PANEL_ID} aria-labelledby={tabId(kind)}>
        <div className="review-filter" role="group" aria-label={t(texts.filter)}>
          {states.map((tab) => (
            <button
              key={tab}
              type="button"
              className="review-filter-option"
              aria-pressed={state === tab}
              onClick={() => show(tab)}
              data-testid={`review-${tab.toLowerCase()}-filter`}
            >
              {t(
                tab === 'WAITING'
                  ? 'review.waitingTab'
                  : tab === 'SHOWN'
                    ? 'review.shownTab'
                    : texts.hiddenTab,
                {
                  count: (tab === 'WAITING' ? waiting : tab === 'SHOWN' ? shownCount : hidden) ?? 0,
                },
              )}
            </button>
          ))}
        </div>
        <p className="review-intro">{t(texts.intro)}</p>
        {kind === 'PHOTOS' &&
          hintCounts &&
          (hint || HINTS.some((each) => hintCounts[HINT_COUNT[each]] > 0)) && (
            <div className="review-hint-filter" role="group" aria-label={t('review.hintFilter')}>
              <button
                type="button"
                className="review-hint-option"
                aria-pressed={hint === null}
                onClick={() => showHint(null)}
              >
                {t('review.allPhotos')}
              </button>
              {HINTS.map((each) => (
                <button
                  key={each}
                  type="button"
                  className="review-hint-option"
                  aria-pressed={hint === each}
                  onClick={() => showHint(each)}
                  data-testid={`review-hint-${each.toLowerCase()}`}
                >
                  {t(`review.hintFilter${each}`, { count: hintCounts[HINT_COUNT[each]] })}
                </button>
              ))}
            </div>
          )}
        {kind === 'PHOTOS' && hint && state !== 'HIDDEN' && hintCount > 0 && (
          <div className="review-bulk">
            <Button
              variant="secondary"
              disabled={busy}
              onClick={() => hideAllWithHint(hint)}
              data-testid="hide-all-with-hint"
            >
              {t(`review.hideAll${hint}`, { count: hintCount })}
            </Button>
            <span className="review-bulk-note">{t('review.hideAllNote')}</span>
          </div>
        )}

        <div className="review-toolbar">
          <Button
            variant="ghost"
            size="small"
            disabled={shown.length === 0}
            onClick={() =>
              setSelected(selected.size === shown.length ? new Set() : new Set(shown.map((item) => item.id)))
            }
          >
            {selected.size === shown.length && shown.length > 0 ? t('review.selectNone') : t(texts.selectAll)}
          </Button>
          <span className="review-count" aria-live="polite">
            {t(texts.selected, { count: selected.size })}
          </span>
          {state !== 'SHOWN' && (state === 'WAITING' || selected.size > 0) ? (
            <Button
              variant="primary"
              disabled={selected.size === 0 || busy}
              onClick={() => decide(chosen, 'APPROVE')}
              data-testid="approve-selected"
            >
              {t('review.approveSelected')}
            </Button>
          ) : null}
          {state !== 'HIDDEN' && (
            <Button
              variant="secondary"
              disabled={selected.size === 0 || busy}
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
              hint
                ? 'review.emptyHint'
                : state === 'WAITING'
                  ? 'review.emptyWaiting'
                  : state === 'SHOWN'
                    ? 'review.emptyShown'
                    : texts.emptyHidden,
            )}
          </p>
        ) : kind === 'MESSAGES' ? (
          <ul className="review-messages" data-testid="review-messages">
            {messages.map((message, index) => (
              <ReviewItem key={message.id} {...itemProps(message.id, index)}>
                <span className="review-message-body">
                  <span className="review-message-text">{message.text}</span>
                  <span className="review-guest">
                    {message.guestName
                      ? t('guestName.by', { name: message.guestName })
                      : t('guestbook.anonymous')}
                  </span>
                </span>
              </ReviewItem>
            ))}
          </ul>
        ) : (
          <ReviewPhotoGrid
            photos={photos}
            hasMore={photoPage?.hasMore ?? false}
            loadingMore={loading}
            onLoadMore={morePhotos}
            selected={selected}
            renderPhoto={(photo, index) => (
              <ReviewItemContent
                {...itemProps(photo.id, index)}
                hints={<QualityHints hints={hintsOf.get(photo.id)} />}
              >
                <PhotoImage
                  src={photo.thumbnailUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  data-photo-id={photo.id}
                  waitWhileScrolling
                />
                {photo.guestName && <span className="review-guest">{photo.guestName}</span>}
              </ReviewItemContent>
            )}
          />
        )}
        {kind === 'MESSAGES' && page?.hasMore && (
          <div className="button-row">
            <Button variant="secondary" disabled={loading} onClick={moreMessages}>
              {t('review.loadMore')}
            </Button>
          </div>
        )}
      </div>
    </div>
  );
}

const PANEL_ID = 'review-panel';

const HINTS: readonly PhotoHint[] = ['BLURRY', 'DARK', 'NEAR_DUPLICATE'];

const HINT_COUNT: Record<PhotoHint, keyof ReviewQueue['hintCounts']> = {
  BLURRY: 'blurry',
  DARK: 'dark',
  NEAR_DUPLICATE: 'nearDuplicate',
};

/** A photo's quality hints as short marks under it; a near-duplicate shows the photo it is one of. */
function QualityHints({ hints }: { hints: PhotoQualityHints | undefined }) {
  const { t } = useTranslation();
  if (!hints || (!hints.blurry && !hints.dark && !hints.nearDuplicateOf)) return null;
  return (
    <ul className="review-hints" data-testid="quality-hints">
      {hints.blurry && <li className="review-hint">{t('review.hintBlurry')}</li>}
      {hints.dark && <li className="review-hint">{t('review.hintDark')}</li>}
      {hints.nearDuplicateOf && (
        <li className="review-hint review-hint-duplicate">
          {hints.bestOfSimilar ? (
            t('review.hintBestOfSimilar', { count: hints.similarCount + 1 })
          ) : (
            <>
              {t('review.hintNearDuplicate')}
              {hints.nearDuplicateThumbnailUrl && (
                <img
                  src={hints.nearDuplicateThumbnailUrl}
                  alt={t('review.nearDuplicateAlt')}
                  loading="lazy"
                  decoding="async"
                />
              )}
            </>
          )}
        </li>
      )}
    </ul>
  );
}

function tabId(kind: ReviewKind): string {
  return kind === 'PHOTOS' ? 'review-tab-photos' : 'review-tab-messages';
}

type ReviewItemProps = Parameters<typeof ReviewItemContent>[0];

/** A guest message on the queue, an item of its list (a photo's item is the photo grid's: ReviewPhotoGrid). */
function ReviewItem(props: ReviewItemProps) {
  return (
    <li
      className={`review-item review-message${props.checked ? ' review-item-checked' : ''}`}
      data-message-id={props.id}
    >
      <ReviewItemContent {...props} />
    </li>
  );
}

/**
 * One photo or guest message on the queue: a checkbox whose label is what it shows (a thumbnail and who sent
 * it, or the message as typed, shown as text, and who left it), then its own Approve, and Hide while waiting.
 */
function ReviewItemContent({
  kind,
  index,
  total,
  checked,
  onToggle,
  busy,
  hidden,
  shown,
  onDecide,
  hints,
  children,
}: {
  kind: ReviewKind;
  id: string;
  index: number;
  total: number;
  checked: boolean;
  onToggle: () => void;
  busy: boolean;
  hidden: boolean;
  /** Guests see it already: no Approve. */
  shown: boolean;
  onDecide: (decision: 'APPROVE' | 'HIDE') => void;
  /** What the queue points out on it, read after its checkbox. */
  hints?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const texts = TEXTS[kind];
  return (
    <>
      <label className="review-pick">
        <input
          type="checkbox"
          checked={checked}
          onChange={onToggle}
          aria-label={t(texts.selectOne, { index, total })}
        />
        {children}
      </label>
      {hints}
      <div className="review-actions">
        {!shown && (
          <Button
            size="small"
            variant="primary"
            disabled={busy}
            aria-label={t(texts.approveOne, { index })}
            onClick={() => onDecide('APPROVE')}
          >
            {t('review.approve')}
          </Button>
        )}
        {!hidden && (
          <Button
            size="small"
            variant="secondary"
            disabled={busy}
            aria-label={t(texts.hideOne, { index })}
            onClick={() => onDecide('HIDE')}
          >
            {t('review.hide')}
          </Button>
        )}
      </div>
    </>
  );
}
