import type { ApolloCache } from '@apollo/client';
import { useApolloClient, useSubscription } from '@apollo/client/react';
import { EVENT_UPDATED_SUBSCRIPTION, type EventUpdate } from './graphql';

/** Writes a gallery's new plan and expiry into its cached Event (keyed by code), wherever it is shown. */
export function applyEventUpdate(cache: ApolloCache, update: EventUpdate): void {
  cache.modify({
    id: cache.identify({ __typename: 'Event', code: update.code }),
    fields: { plan: () => update.plan, expiresAt: () => update.expiresAt },
  });
}

/**
 * Follows a gallery's plan and expiry live (eventUpdated over the app's WebSocket) and writes each change into
 * the cached Event, so every query showing that gallery shows the new plan without a reload.
 */
export function useEventUpdates(code: string | null, onUpdate?: (update: EventUpdate) => void): void {
  const client = useApolloClient();
  useSubscription(EVENT_UPDATED_SUBSCRIPTION, {
    variables: { eventCode: code ?? '' },
    skip: !code,
    fetchPolicy: 'no-cache',
    onData: ({ data: result }) => {
      const update = result.data?.eventUpdated;
      if (!update) return;
      applyEventUpdate(client.cache, update);
      onUpdate?.(update);
    },
  });
}
