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

/** The owner token of the gallery created in this browser, sent as a bearer token. */
export const AUTH_TOKEN_KEY = 'authToken';

export function authorizationHeader(): Record<string, string> {
  const token = readStorage(AUTH_TOKEN_KEY);
  return token ? { Authorization: `Bearer ${token}` } : {};
}
