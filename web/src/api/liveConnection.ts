import { createClient } from 'graphql-ws';
import { openGalleryPass } from '../session/galleryPass';
import { guestIdentityToken, onGuestIdentityIssued } from '../session/guestIdentity';
import { ownerToken } from '../session/ownerToken';
import { liveUrl } from './origin';

const reconnectListeners = new Set<() => void>();
let connections = 0;

/**
 * What the socket tells the gateway, as the HTTP requests do in their headers: the owner's token and the open
 * gallery's pass (a gallery with a PIN refuses its subscriptions without one or the other), and the browser's
 * guest identity (so the couple hiding this guest's own photo takes it off this screen).
 */
function credentials(): Record<string, string> {
  const token = ownerToken();
  const pass = openGalleryPass();
  const guestIdentity = guestIdentityToken();
  return {
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(pass ? { 'x-gallery-pass': pass } : {}),
    ...(guestIdentity ? { 'x-guest-identity': guestIdentity } : {}),
  };
}

/** The credentials the socket being opened, then the open one, was given (null: no socket open). */
let offered: string | null = null;
let sent: string | null = null;

/** The WebSocket client behind subscriptions; it keeps retrying, and tells listeners when it is back. */
export const liveClient = createClient({
  url: () => liveUrl(),
  lazy: true,
  retryAttempts: Infinity,
  shouldRetry: () => true,
  connectionParams: () => {
    const params = credentials();
    offered = JSON.stringify(params);
    return params;
  },
  on: {
    closed: () => {
      sent = null;
    },
    connected: () => {
      sent = offered;
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

onGuestIdentityIssued(() => renewLiveCredentials());

/**
 * Opens the socket again when what it was opened with is no longer what this browser holds (a gallery's pass
 * just kept, another gallery opened): its subscriptions follow on the new socket, and screens re-read.
 */
export function renewLiveCredentials(): void {
  if (sent !== null && sent !== JSON.stringify(credentials())) liveClient.terminate();
}
