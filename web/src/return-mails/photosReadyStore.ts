import { readStorage, removeStorage, writeStorage } from '../session/storage';

/** What this browser left at a gallery for the "photos are in" mail: shown back, with its Stop. */
export interface KeptPhotosReady {
  email: string;
  /** Null when another guest had already left this address (it gets its one mail all the same). */
  stopToken: string | null;
}

const key = (code: string) => `gallery-photos-ready:${code}`;

export function readPhotosReady(code: string): KeptPhotosReady | null {
  const stored = readStorage(key(code));
  if (!stored) return null;
  try {
    const value = JSON.parse(stored) as Partial<KeptPhotosReady>;
    return typeof value.email === 'string'
      ? { email: value.email, stopToken: typeof value.stopToken === 'string' ? value.stopToken : null }
      : null;
  } catch {
    return null;
  }
}

export function savePhotosReady(code: string, kept: KeptPhotosReady): void {
  writeStorage(key(code), JSON.stringify(kept));
}

export function forgetPhotosReady(code: string): void {
  removeStorage(key(code));
}

/** The browser's IANA time zone: whose morning the mail goes in when the gallery has no reveal time. */
export function browserTimeZone(): string | null {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || null;
  } catch {
    return null;
  }
}
