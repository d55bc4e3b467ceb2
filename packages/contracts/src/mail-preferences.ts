import { z } from './validation/zod.js';
import { RETURN_MAIL_LIMITS } from './limits.js';

/** A guest's address as the photos-ready field takes it: trimmed, one address, at most 254 characters. */
export const guestMailAddressSchema = z.string().trim().max(RETURN_MAIL_LIMITS.emailChars).pipe(z.email());

/** A browser's IANA time zone (`Europe/Paris`): letters, digits and `/_+-` only. */
export const timeZoneNameSchema = z
  .string()
  .max(RETURN_MAIL_LIMITS.timeZoneChars)
  .regex(/^[A-Za-z][A-Za-z0-9/_+-]*$/);

/** The address, or null when it is no address (or too long). */
export function parseGuestMailAddress(value: string): string | null {
  const parsed = guestMailAddressSchema.safeParse(value.slice(0, RETURN_MAIL_LIMITS.emailChars * 2));
  return parsed.success ? parsed.data : null;
}

/**
 * The couple's mails they choose to get or not, each on the event page: the four parts of the daily digest
 * (photos and guestbook messages waiting for their approval, storage ending soon, a backup that stopped: that one
 * also stops the mail sent the moment it stops), then the mails sent the moment something happens (the gallery
 * full, someone guessing the PIN). Receipts, sign-in links, the order's confirmation and the mails before the
 * gallery is deleted always go. Kept per gallery: the mails of each gallery go to its order's address.
 */
export const OWNER_MAIL_CHOICES = [
  'waitingPhotos',
  'waitingMessages',
  'storageEnding',
  'backupStopped',
  'galleryFull',
  'pinGuessing',
] as const;
export type OwnerMailChoice = (typeof OWNER_MAIL_CHOICES)[number];
/** The choices that are parts of the daily digest: with all of them off, no digest goes. */
export const OWNER_DIGEST_PARTS = [
  'waitingPhotos',
  'waitingMessages',
  'storageEnding',
  'backupStopped',
] as const satisfies readonly OwnerMailChoice[];

/**
 * Where a mail's one-click unsubscribe (RFC 8058) is POSTed: a mail client posts to it with no cookie and no
 * page; the token is signed (a guest's mail stop token, a gallery's digest stop token).
 */
export function oneClickStopPath(token: string): string {
  return `/unsubscribe/${encodeURIComponent(token)}`;
}

/** The header fields of a mail the one-click link at `url` stops (RFC 2369 and RFC 8058). */
export function oneClickStopHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}
