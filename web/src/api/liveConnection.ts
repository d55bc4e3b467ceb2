import { createClient } from 'graphql-ws';
import { readStorage, AUTH_TOKEN_KEY } from '../storage';
import { liveUrl } from './origin';

const reconnectListeners = new Set<() => void>();
let connections = 0;

/** The WebSocket client behind subscriptions; it keeps retrying, and tells listeners when it is back. */
export const liveClient = createClient({
  url: () => liveUrl(),
  lazy: true,
  retryAttempts: Infinity,
  shouldRetry: () => true,
  connectionParams: () => {
    const token = readStorage(AUTH_TOKEN_KEY);
    return token ? { authorization: `Bearer ${token}` } : {};
  },
  on: {
    connected: () => {
      connections += 1;
      if (connections > 1) reconnectListeners.forEach((listener) => listener());
    },
  },
});

/** Calls `listener` on every connection after the first: events may have been missed while it was down. */
export function onLiveReconnect(listener: () => void): () => void {
  reconnectListeners.add(listener);
  return () => {
    reconnectListeners.delete(listener);
  };
}
