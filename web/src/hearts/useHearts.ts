import { useCallback, useEffect, useMemo, useState } from 'react';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { readApiError, retryAfterMs, type ApiError } from '../api/apiErrors';
import { onLiveReconnect } from '../api/liveConnection';
import { ensureGuestIdentity } from '../session/guestIdentity';
import { HEART_COUNTS_CHANGED, MY_HEARTED_PHOTOS, SET_HEART } from './graphql';
import { HeartStore } from './heartStore';
import type { Hearts } from './HeartsContext';

/**
 * A gallery's hearts for its screen: this guest's own read when it opens (and after a reconnect), the live
 * batches of counts, and taps sent as the state wanted (not "toggle"), so a double tap cannot undo itself.
 */
export function useHearts(code: string, live: boolean): Hearts {
  const client = useApolloClient();
  const { t, i18n } = useTranslation();
  const store = useMemo(() => new HeartStore(), []);
  const [refusal, setRefusal] = useState<ApiError | null>(null);
  const [busyUntil, setBusyUntil] = useState<number | null>(null);

  const readMine = useCallback(() => {
    store.forgetCounts();
    void client
      .query({ query: MY_HEARTED_PHOTOS, variables: { eventCode: code }, fetchPolicy: 'no-cache' })
      .then((result) => result.data && store.setMine(result.data.myHeartedPhotoIds))
      .catch(() => undefined);
  }, [client, code, store]);

  useEffect(() => {
    if (live) readMine();
  }, [live, readMine]);
  useEffect(() => onLiveReconnect(readMine), [readMine]);

  useSubscription(HEART_COUNTS_CHANGED, {
    variables: { eventCode: code },
    skip: !live,
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const batch = result.data?.heartCountsChanged;
      if (batch) store.setCounts(batch.counts);
    },
  });

  const toggle = useCallback(
    (photoId: string, readCount: number | undefined) => {
      const hearted = !store.hearted(photoId);
      const before = store.count(photoId, readCount);
      store.setHearted(photoId, hearted);
      store.setCounts([{ photoId, heartCount: Math.max(0, before + (hearted ? 1 : -1)) }]);
      setRefusal(null);
      void ensureGuestIdentity(client)
        .then(() => client.mutate({ mutation: SET_HEART, variables: { eventCode: code, photoId, hearted } }))
        .then((result) => {
          const answer = result.data?.setHeart;
          if (answer) store.setCounts([{ photoId, heartCount: answer.heartCount }]);
          setBusyUntil(null);
        })
        .catch((error: unknown) => {
          store.setHearted(photoId, !hearted);
          store.setCounts([{ photoId, heartCount: before }]);
          const failure = readApiError(error);
          // Tapped too fast: a wait to sit out, not a failure.
          const wait = retryAfterMs(failure);
          if (wait === null) setRefusal(failure);
          else setBusyUntil(Date.now() + wait);
        });
    },
    [client, code, store],
  );

  // One cache per language: a label is a translation with a plural, the most a tile's render would cost.
  const label = useMemo(() => {
    const labels = new Map<string, string>();
    return (hearted: boolean, count: number) => {
      const key = `${hearted ? 'taken' : 'given'} ${count}`;
      let made = labels.get(key);
      if (made === undefined) {
        made = t(hearted ? 'hearts.takeBack' : 'hearts.give', { count });
        labels.set(key, made);
      }
      return made;
    };
    // The language is named: `t` may stay the same function when only the language changes.
  }, [t, i18n.language]);

  return useMemo(
    () => ({ store, toggle, refusal, busyUntil, label }),
    [store, toggle, refusal, busyUntil, label],
  );
}
