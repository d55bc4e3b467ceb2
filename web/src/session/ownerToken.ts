import { readStorage, removeStorage, writeStorage } from './storage';

/**
 * The owner's credential, sent as a bearer token: the session of the order's email (createGallery, createEvent
 * or a sign-in link), kept under the spec's `authToken`. A token that names no live session (GET /api/session
 * answers 401: expired, signed out, or a gallery's own owner token kept by a browser from before sessions) is
 * dropped at the next page load; the couple signs in again with a mailed link.
 */
const OWNER_TOKEN_KEY = 'authToken';

export function ownerToken(): string | null {
  return readStorage(OWNER_TOKEN_KEY);
}

export function keepOwnerToken(token: string): void {
  writeStorage(OWNER_TOKEN_KEY, token);
}

export function forgetOwnerToken(): void {
  removeStorage(OWNER_TOKEN_KEY);
}

export function authorizationHeader(): Record<string, string> {
  const token = ownerToken();
  return token ? { Authorization: `Bearer ${token}` } : {};
}
