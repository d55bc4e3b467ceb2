import { useCallback, useDeferredValue, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useApolloClient, useQuery, useSubscription } from '@apollo/client/react';
import { readApiError } from '../api/apiErrors';
import { onLiveReconnect } from '../api/liveConnection';
import { withEventUpdate, type EventUpdate } from './eventUpdate';
import {
  EVENT_UPDATED_SUBSCRIPTION,
  GALLERY_QUERY,
  GALLERY_SETTINGS_CHANGED_SUBSCRIPTION,
  MORE_PAGE_SIZE,
  MORE_PHOTOS_QUERY,
  PHOTO_ADDED_SUBSCRIPTION,
  PHOTO_REMOVED_SUBSCRIPTION,
  PHOTOS_REVEALED_SUBSCRIPTION,
  DELETE_OWN_PHOTO,
  PHOTO_ORIGINAL_URL,
  REMOVE_PHOTO,
  REVIEW_PHOTOS,
} from './graphql';
import { PAGE_SIZE, type Photo } from '../api/photos';
import { EMPTY_PHOTO_LIST, isReleased, photoListReducer } from './photoList';
import { DOWNLOAD_RIGHTS_QUERY } from './downloadAll';
import { PAGE_RETRY_MAX_MS, pageRetryMs } from './pageRetry';

/**
 * Photos held whole on each side of those on the screen (three older pages): the rest of a long scroll is
 * released and read again when the guest comes back to it.
 */
const KEPT_AROUND = 3 * MORE_PAGE_SIZE;

/**
 * A gallery and its photos, kept current: the first page from the query, older pages on demand, new photos
 * from the photoAdded subscription (and removed ones from photoRemoved), its plan and expiry from the eventUpdated subscription (an upgrade shows
 * without a reload), and a fresh read of the gallery whenever the WebSocket comes back.
 * The subscription starts with the first read, not after it: a photo published while the read is under way
 * arrives live, and the list merges both by id. `code` must be a gallery code (see isGalleryCode).
 */
export function useGallery(code: string) {
  const client = useApolloClient();
  const {
    data: answer,
    loading: reading,
    error,
    refetch,
  } = useQuery(GALLERY_QUERY, {
    variables: { code, first: PAGE_SIZE },
    fetchPolicy: 'network-only',
  });
  // A read's answer is drawn in a background render (a transition): the gallery's first screen (header, tiles,
  // hearts) renders in slices between frames, its effects in a task of their own, rather than all of it in the
  // one task that took the answer in (over half a second on a phone). The spinner stays meanwhile.
  const data = useDeferredValue(answer);
  const loading = !data && (reading || answer !== undefined);
  // The last plan change pushed since the last read began: that read holds every change before it, and may or
  // may not hold this one, so the update stays on top until the next read begins (see reread).
  const [update, setUpdate] = useState<EventUpdate | null>(null);
  const read = data?.event ?? null;
  const event = useMemo(() => read && withEventUpdate(read, update), [read, update]);
  const apiError = error && readApiError(error);
  // The couple set a PIN while this screen was open (the gateway closed its socket, and the read that followed
  // was refused): the PIN screen replaces the photos this browser may no longer see.
  const pinRequired = apiError?.code === 'PIN_REQUIRED';
  // No subscription for a code that names no gallery, nor while its read is refused (too many lookups, say).
  const noLiveUpdates = pinRequired || (data ? !read : Boolean(error));
  const [list, dispatch] = useReducer(photoListReducer, EMPTY_PHOTO_LIST);
  /** The count as this screen shows it, for a step that changes it without an answer carrying the new one. */
  const photoCountRef = useRef(list.photoCount);
  photoCountRef.current = list.photoCount;
  /**
   * The list as last rendered: an older page is asked for after the one this screen holds last, whichever
   * closure asks (an observer's callback may hold a loadMore of a render before the last page came).
   */
  const listRef = useRef(list);
  listRef.current = list;
  const [loadingMore, setLoadingMore] = useState(false);
  const loadingMoreRef = useRef(false);
  /** The next read follows a change of who sees which photos: it replaces the list rather than merging. */
  const [replaceNext, setReplaceNext] = useState(false);
  /** The read whose first page the list holds. */
  const [listedRead, setListedRead] = useState<typeof data>(undefined);
  if (data?.event && data !== listedRead) {
    // Merged while rendering the read, so the list and the gallery show together in the read's one background
    // render (React renders this component again at once): not in a second render forced inside its commit.
    setListedRead(data);
    if (replaceNext) setReplaceNext(false);
    dispatch({
      type: 'firstPage',
      replace: replaceNext,
      page: data.event.photos,
      photoCount: data.event.photoCount,
      challengeCounts: Object.fromEntries(
        (data.event.challenges ?? []).map((challenge) => [challenge.id, challenge.photoCount]),
      ),
      tableCounts: Object.fromEntries(
        (data.event.tables ?? []).map((table) => [table.number, table.photoCount]),
      ),
    });
  }

  useSubscription(PHOTO_ADDED_SUBSCRIPTION, {
    variables: { eventCode: code },
    skip: noLiveUpdates,
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const photo = result.data?.photoAdded;
      if (photo) dispatch({ type: 'added', photo, live: true });
    },
  });

  useSubscription(EVENT_UPDATED_SUBSCRIPTION, {
    variables: { eventCode: code },
    skip: noLiveUpdates,
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const pushed = result.data?.eventUpdated;
      if (!pushed) return;
      setUpdate(pushed);
      // Download All reads the setting from the cached Event: a guest's button appears or goes at once.
      if (typeof pushed.guestDownloadsAllowed === 'boolean') {
        const allowed = pushed.guestDownloadsAllowed;
        client.cache.modify({
          id: client.cache.identify({ __typename: 'Event', code: pushed.code }),
          fields: { guestDownloadsAllowed: () => allowed },
        });
        // An answer read before the change and still on its way would write the old setting back over this one:
        // asking again drops that answer and reads the new setting.
        void client.refetchQueries({ include: [DOWNLOAD_RIGHTS_QUERY] });
      }
    },
  });

  useSubscription(PHOTO_REMOVED_SUBSCRIPTION, {
    variables: { eventCode: code },
    skip: noLiveUpdates,
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const removed = result.data?.photoRemoved;
      if (removed) dispatch({ type: 'removed', ...removed });
    },
  });

  const reread = useCallback(() => {
    setUpdate(null);
    refetch().catch(() => undefined);
  }, [refetch]);

  useEffect(() => onLiveReconnect(reread), [reread]);

  // The couple's reveal time has come (the server's clock says so): everyone's photos load on this screen.
  useSubscription(PHOTOS_REVEALED_SUBSCRIPTION, {
    variables: { eventCode: code },
    skip: noLiveUpdates,
    fetchPolicy: 'no-cache',
    onData: () => reread(),
  });

  // The couple switched who sees which photos: this screen shows what it may see now (no manual reload).
  useSubscription(GALLERY_SETTINGS_CHANGED_SUBSCRIPTION, {
    variables: { eventCode: code },
    skip: noLiveUpdates,
    fetchPolicy: 'no-cache',
    onData: () => {
      setReplaceNext(true);
      reread();
    },
  });

  /** Reads of the next page that failed in a row, and the timer of the next try (see pageRetryMs). */
  const pageFailures = useRef(0);
  const pageRetry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(pageRetry.current), []);
  const loadMoreRef = useRef<() => Promise<void>>(async () => undefined);

  const loadMore = useCallback(async () => {
    const { hasMore, endCursor } = listRef.current;
    if (loadingMoreRef.current || !hasMore || !endCursor) return;
    clearTimeout(pageRetry.current);
    loadingMoreRef.current = true;
    setLoadingMore(true);
    try {
      const result = await client.query({
        query: MORE_PHOTOS_QUERY,
        variables: { code, first: MORE_PAGE_SIZE, after: endCursor },
        fetchPolicy: 'no-cache',
      });
      const page = result.data?.event?.photos;
      if (page) dispatch({ type: 'nextPage', page, after: endCursor });
      pageFailures.current = 0;
    } catch (failure) {
      // Tried again on its own when asking again can mend it; the "Load more" button stays meanwhile.
      pageFailures.current += 1;
      const wait = pageRetryMs(readApiError(failure), pageFailures.current);
      if (wait !== null) pageRetry.current = setTimeout(() => void loadMoreRef.current(), wait);
    } finally {
      loadingMoreRef.current = false;
      setLoadingMore(false);
    }
  }, [client, code]);
  loadMoreRef.current = loadMore;

  /** The cursors of released photos' pages being read again. */
  const refilling = useRef(new Set<string>());
  /** The photos the grid or the viewer last showed (first, last), and the read again tried once more there. */
  const lastShown = useRef<[number, number] | null>(null);
  const refillFailures = useRef(0);
  const refillRetry = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** No read again before this time (ms, Date.now()) after one failed: the wait pageRetryMs gave is waited out. */
  const refillNotBefore = useRef(0);
  useEffect(() => () => clearTimeout(refillRetry.current), []);
  const showRangeRef = useRef<(first: number, last: number) => void>(() => undefined);
  const refill = useCallback(
    async (after: string) => {
      if (refilling.current.has(after) || Date.now() < refillNotBefore.current) return;
      refilling.current.add(after);
      try {
        const result = await client.query({
          query: MORE_PHOTOS_QUERY,
          variables: { code, first: MORE_PAGE_SIZE, after },
          fetchPolicy: 'no-cache',
        });
        const page = result.data?.event?.photos;
        if (page) dispatch({ type: 'refill', after, page });
        refillFailures.current = 0;
      } catch (failure) {
        // Tried again where the screen is by then, after the wait an older page's read takes (pageRetryMs): a
        // guest who stays put is not left before "Loading…" tiles by a read the venue's Wi-Fi lost.
        refillFailures.current += 1;
        // An error asking again will not mend is not asked again for PAGE_RETRY_MAX_MS, however the screen moves.
        const wait = pageRetryMs(readApiError(failure), refillFailures.current);
        refillNotBefore.current = Date.now() + (wait ?? PAGE_RETRY_MAX_MS);
        if (wait !== null) {
          clearTimeout(refillRetry.current);
          refillRetry.current = setTimeout(() => {
            refillNotBefore.current = 0;
            if (lastShown.current) showRangeRef.current(...lastShown.current);
          }, wait);
        }
      } finally {
        refilling.current.delete(after);
      }
    },
    [client, code],
  );
  /** Where the screen was when photos were last released: released again once it is a page away from there. */
  const releasedAround = useRef<number | null>(null);
  /**
   * The photos from `first` to `last` (indexes in the list) are on or near the screen: released ones among them
   * or a page around are read again, and older pages' photos far from them are released (see ReleasedPhoto).
   */
  const showRange = useCallback(
    (first: number, last: number) => {
      lastShown.current = [first, last];
      const { photos } = listRef.current;
      const afters = new Set<string>();
      const end = Math.min(photos.length - 1, last + MORE_PAGE_SIZE);
      for (let index = Math.max(0, first - MORE_PAGE_SIZE); index <= end; index += 1) {
        const photo = photos[index];
        if (isReleased(photo)) afters.add(photo.after);
      }
      afters.forEach((after) => void refill(after));
      const around = releasedAround.current;
      if (around !== null && Math.abs(first - around) < MORE_PAGE_SIZE) return;
      releasedAround.current = first;
      dispatch({ type: 'release', from: first - KEPT_AROUND, to: last + KEPT_AROUND });
    },
    [refill],
  );
  showRangeRef.current = showRange;

  const addPhoto = useCallback((photo: Photo) => dispatch({ type: 'added', photo, live: false }), []);

  /** Owner only: removes a photo; this screen drops it at once, the others when photoRemoved reaches them. */
  const removePhoto = useCallback(
    async (photoId: string) => {
      const result = await client.mutate({ mutation: REMOVE_PHOTO, variables: { id: photoId } });
      const photoCount = result.data?.removePhoto;
      if (typeof photoCount === 'number') dispatch({ type: 'removed', photoId, photoCount });
    },
    [client],
  );

  /**
   * Owner only: hides a photo from guests without deleting it (it waits on the approval queue's Hidden tab, to
   * be approved again); it leaves this screen at once and the others when photoRemoved reaches them.
   */
  const hidePhoto = useCallback(
    async (photoId: string) => {
      await client.mutate({ mutation: REVIEW_PHOTOS, variables: { code, ids: [photoId], decision: 'HIDE' } });
      dispatch({ type: 'removed', photoId, photoCount: Math.max(0, photoCountRef.current - 1) });
    },
    [client, code],
  );

  /** A guest's deletion of a photo this browser uploaded; it leaves the list here as on every other screen. */
  const deleteOwnPhoto = useCallback(
    async (photoId: string) => {
      const result = await client.mutate({
        mutation: DELETE_OWN_PHOTO,
        variables: { eventCode: code, id: photoId },
      });
      const photoCount = result.data?.deleteOwnPhoto;
      if (typeof photoCount === 'number') dispatch({ type: 'removed', photoId, photoCount });
    },
    [client, code],
  );

  /** The couple's link to a photo's untouched original, asked each time: it works for 10 minutes. */
  const ownerOriginalUrl = useCallback(
    async (photoId: string) => {
      const result = await client.query({
        query: PHOTO_ORIGINAL_URL,
        variables: { id: photoId },
        fetchPolicy: 'no-cache',
      });
      if (!result.data) throw new Error('no link to the original');
      return result.data.photoOriginalUrl;
    },
    [client],
  );

  return {
    event,
    loading,
    error: data && !pinRequired ? undefined : apiError,
    retry: reread,
    list,
    loadMore,
    loadingMore,
    showRange,
    addPhoto,
    removePhoto,
    hidePhoto,
    deleteOwnPhoto,
    ownerOriginalUrl,
  };
}
