import { readStorage, removeStorage, writeStorage } from '../session/storage';

/**
 * What "Find me" keeps on this device only, per gallery: the photos this guest said are not of them ("Not me"),
 * and, when they asked "Keep me findable", their selfie's JPEG (base64; never its face record, which only the
 * faces service computes and drops). Nothing of it is sent anywhere but with the next search.
 */

const notMeKey = (code: string) => `findMe.notMe.${code}`;
const selfieKey = (code: string) => `findMe.selfie.${code}`;

/** The photos of this gallery this guest dropped from their results. */
export function readNotMe(code: string): string[] {
  try {
    const value: unknown = JSON.parse(readStorage(notMeKey(code)) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

/** Drops a photo from this guest's results in this gallery, on this device; the new list. */
export function addNotMe(code: string, photoId: string): string[] {
  const ids = [...new Set([...readNotMe(code), photoId])];
  writeStorage(notMeKey(code), JSON.stringify(ids));
  return ids;
}

/** The selfie kept with "Keep me findable" (base64 JPEG), or null. */
export function readKeptSelfie(code: string): string | null {
  return readStorage(selfieKey(code));
}

export function keepSelfie(code: string, base64: string): void {
  writeStorage(selfieKey(code), base64);
}

/** "Forget me": the kept selfie leaves this device. */
export function forgetSelfie(code: string): void {
  removeStorage(selfieKey(code));
}
