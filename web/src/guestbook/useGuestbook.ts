import { useCallback, useEffect, useState } from 'react';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { GUESTBOOK_LIMITS } from '@gallery/contracts';
import { onLiveReconnect } from '../api/liveConnection';
import { whenSettled } from '../api/settled';
import { ensureGuestIdentity } from '../session/guestIdentity';
import {
  GUESTBOOK_MESSAGE_ADDED,
  GUESTBOOK_MESSAGE_REMOVED,
  GUESTBOOK_MESSAGES,
  LEAVE_GUESTBOOK_MESSAGE,
  REMOVE_GUESTBOOK_MESSAGE,
  type ShownMessage,
} from './graphql';
import { newest, withMessage } from './guestbookList';

export interface GuestbookOptions {
  /**
   * Keep only this many of the newest messages (the wall, which shows a few and runs all night: what guests
   * write over hours would otherwise pile up in its memory); every message read or received otherwise.
   */
  keep?: number;
}

/**
 * A gallery's guestbook kept current: the newest page read when it opens and after every reconnect, new and
 * removed messages from the live subscriptions (the wall uses it too, without leaving or removing). Older
 * messages come a page at a time on request: a full page means there may be more.
 */
export function useGuestbook(code: string, { keep = Infinity }: GuestbookOptions = {}) {
  const client = useApolloClient();
  const [messages, setMessages] = useState<ShownMessage[]>([]);
  const [hasOlder, setHasOlder] = useState(false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  const read = useCallback(() => {
    void client
      .query({ query: GUESTBOOK_MESSAGES, variables: { eventCode: code }, fetchPolicy: 'no-cache' })
      .then((result) => {
        const page = result.data?.guestbookMessages;
        if (!page) return;
        setMessages((known) => newest(known.reduce(withMessage, page), keep));
        // Older pages already shown stay: only a first read decides whether there are more.
        setHasOlder((more) => more || page.length >= GUESTBOOK_LIMITS.pageSize);
      })
      .catch(() => undefined);
  }, [client, code, keep]);

  const loadOlder = useCallback(async () => {
    const oldest = messages[messages.length - 1];
    if (!oldest || loadingOlder) return;
    setLoadingOlder(true);
    try {
      const result = await client.query({
        query: GUESTBOOK_MESSAGES,
        variables: { eventCode: code, before: oldest.id },
        fetchPolicy: 'no-cache',
      });
      const page = result.data?.guestbookMessages ?? [];
      setMessages((known) => page.reduce(withMessage, known));
      setHasOlder(page.length >= GUESTBOOK_LIMITS.pageSize);
    } finally {
      setLoadingOlder(false);
    }
  }, [client, code, messages, loadingOlder]);

  // Its first read once the page has settled: the messages are not part of the gallery's first picture.
  useEffect(() => whenSettled(read), [read]);
  useEffect(() => onLiveReconnect(read), [read]);

  useSubscription(GUESTBOOK_MESSAGE_ADDED, {
    variables: { eventCode: code },
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const message = result.data?.guestbookMessageAdded;
      if (message) setMessages((list) => newest(withMessage(list, message), keep));
    },
  });
  useSubscription(GUESTBOOK_MESSAGE_REMOVED, {
    variables: { eventCode: code },
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const removed = result.data?.guestbookMessageRemoved;
      if (removed) setMessages((list) => list.filter((message) => message.id !== removed.id));
    },
  });

  const leave = useCallback(
    async (text: string, guestName: string | null) => {
      await ensureGuestIdentity(client);
      const result = await client.mutate({
        mutation: LEAVE_GUESTBOOK_MESSAGE,
        variables: { eventCode: code, text, guestName },
      });
      const message = result.data?.leaveGuestbookMessage;
      if (message) setMessages((list) => withMessage(list, message));
    },
    [client, code],
  );

  const remove = useCallback(
    async (id: string) => {
      await client.mutate({ mutation: REMOVE_GUESTBOOK_MESSAGE, variables: { eventCode: code, id } });
      setMessages((list) => list.filter((message) => message.id !== id));
    },
    [client, code],
  );

  return { messages, leave, remove, hasOlder, loadingOlder, loadOlder };
}
