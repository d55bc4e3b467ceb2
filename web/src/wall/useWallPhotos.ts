import { useCallback, useEffect, useReducer, useRef } from 'react';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { onLiveReconnect } from '../api/liveConnection';
import {
  GALLERY_QUERY,
  MORE_PHOTOS_QUERY,
  GALLERY_SETTINGS_CHANGED_SUBSCRIPTION,
  PHOTO_ADDED_SUBSCRIPTION,
  PHOTO_REMOVED_SUBSCRIPTION,
  PHOTOS_REVEALED_SUBSCRIPTION,
} from '../gallery/graphql';
import { PAGE_SIZE } from '../api/photos';
import { SORTED_PHOTOS_QUERY } from '../hearts/graphql';
import { EMPTY_PLAYLIST, nearEndOfLoop, wallPlaylistReducer } from './wallPlaylist';

/**
 * The wall's photos: the gallery's pages as the loop reaches them, new photos from photoAdded ahead of the loop,
 * removed ones off at once, and a re-read of the newest page when the live socket comes back, so what arrived
 * while the venue's Wi-Fi was down still goes on screen. In the Highlights mode, the gallery's best photos only,
 * best first: a new photo is not among them until they are read again (on a reconnect, a reveal, a change of
 * settings).
 */
export function useWallPhotos(code: string, highlights = false) {
  const client = useApolloClient();
  const [playlist, dispatch] = useReducer(wallPlaylistReducer, EMPTY_PLAYLIST);
  const paging = useRef<{ endCursor: string | null; hasMore: boolean; loading: boolean }>({
    endCursor: null,
    hasMore: true,
    loading: false,
  });

  const readNewest = useCallback(
    async (live: boolean, replace = false) => {
      const result = highlights
        ? await client.query({
            query: SORTED_PHOTOS_QUERY,
            variables: { code, first: PAGE_SIZE, order: 'HIGHLIGHTS' },
            fetchPolicy: 'no-cache',
          })
        : await client.query({
            query: GALLERY_QUERY,
            variables: { code, first: PAGE_SIZE },
            fetchPolicy: 'no-cache',
          });
      const page = result.data?.event?.photos;
      if (!page) return;
      if (!live || replace)
        paging.current = { endCursor: page.endCursor, hasMore: page.hasMore, loading: false };
      dispatch(
        replace ? { type: 'replaced', photos: page.nodes } : { type: 'loaded', photos: page.nodes, live },
      );
    },
    [client, code, highlights],
  );

  useEffect(() => {
    paging.current.loading = true;
    readNewest(false).catch(() => {
      paging.current.loading = false;
    });
  }, [readNewest]);

  useEffect(() => onLiveReconnect(() => void readNewest(true).catch(() => undefined)), [readNewest]);

  const loadOlder = useCallback(async () => {
    const state = paging.current;
    if (state.loading || !state.hasMore || !state.endCursor) return;
    state.loading = true;
    try {
      const result = highlights
        ? await client.query({
            query: SORTED_PHOTOS_QUERY,
            variables: { code, first: PAGE_SIZE, after: state.endCursor, order: 'HIGHLIGHTS' },
            fetchPolicy: 'no-cache',
          })
        : await client.query({
            query: MORE_PHOTOS_QUERY,
            variables: { code, first: PAGE_SIZE, after: state.endCursor },
            fetchPolicy: 'no-cache',
          });
      const page = result.data?.event?.photos;
      if (page) {
        paging.current = { endCursor: page.endCursor, hasMore: page.hasMore, loading: false };
        dispatch({ type: 'loaded', photos: page.nodes, live: false });
      }
    } finally {
      paging.current.loading = false;
    }
  }, [client, code, highlights]);

  useEffect(() => {
    if (playlist.current && nearEndOfLoop(playlist)) loadOlder().catch(() => undefined);
  }, [playlist, loadOlder]);

  useSubscription(PHOTO_ADDED_SUBSCRIPTION, {
    variables: { eventCode: code },
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const photo = result.data?.photoAdded;
      if (photo && !highlights) dispatch({ type: 'arrived', photo });
    },
  });

  useSubscription(PHOTO_REMOVED_SUBSCRIPTION, {
    variables: { eventCode: code },
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const removed = result.data?.photoRemoved;
      if (removed) dispatch({ type: 'removed', photoId: removed.photoId });
    },
  });

  // The couple's reveal time has come: the wall reads the gallery again, everyone's photos now in it.
  useSubscription(PHOTOS_REVEALED_SUBSCRIPTION, {
    variables: { eventCode: code },
    fetchPolicy: 'no-cache',
    onData: () => void readNewest(false).catch(() => undefined),
  });

  // The couple changed who sees what (a drop box, approval): the wall keeps only what guests may now see.
  useSubscription(GALLERY_SETTINGS_CHANGED_SUBSCRIPTION, {
    variables: { eventCode: code },
    fetchPolicy: 'no-cache',
    onData: () => void readNewest(false, true).catch(() => undefined),
  });

  const next = useCallback(() => dispatch({ type: 'next' }), []);
  const previous = useCallback(() => dispatch({ type: 'previous' }), []);
  /** A photo whose image no longer loads (removed while the wall was offline) leaves the wall. */
  const drop = useCallback((photoId: string) => dispatch({ type: 'removed', photoId }), []);

  return { playlist, next, previous, drop };
}
