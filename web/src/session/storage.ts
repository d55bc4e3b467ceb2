/** localStorage that never throws (private mode, disabled storage, no window). */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function readStorage(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    storage()?.setItem(key, value);
  } catch {
    // Storage full or disabled: the app works without it.
  }
}

export function removeStorage(key: string): void {
  try {
    storage()?.removeItem(key);
  } catch {
    // Disabled storage holds nothing to remove.
  }
}

/**
 * The owner's credential, sent as a bearer token: the session of the order's email (createGallery, createEvent
 * or a sign-in link). A token that names no live session (GET /api/session answers 401: expired, signed out,
 * or a gallery's own owner token kept by a browser from before sessions) is dropped at the next page load; the
 * couple signs in again with a mailed link.
 */
export const AUTH_TOKEN_KEY = 'authToken';

export function authorizationHeader(): Record<string, string> {
  const token = readStorage(AUTH_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}
