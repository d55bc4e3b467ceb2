/**
 * The couple's side: who the owner is (the order's email), how long a sign-in link and a session last, and
 * what happens when a gallery's storage period ends. docs/security.md names each number.
 */
export const OWNER_LIMITS = Object.freeze({
  /** A sign-in link works once, within this many minutes of being sent. */
  signInLinkMinutes: 15,
  /** A session (the browser's authToken) lasts this long; signing out ends it at once. */
  sessionDays: 30,
  /** The galleries one owner's dashboard lists at most. */
  galleriesPerOwner: 200,
});

/** After a gallery's storage period ends, downloads stay open this long; then everything is purged. */
export const GRACE_PERIOD_DAYS = 14;
/** The reminder before the purge goes out this many days before it. */
export const PURGE_REMINDER_DAYS = 3;

/** How an email address is compared: trimmed and lower-cased (the order form keeps it as typed). */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** When a gallery that stops taking uploads at `expiresAt` is purged. */
export function purgeDate(expiresAt: Date): Date {
  return new Date(expiresAt.getTime() + GRACE_PERIOD_DAYS * 24 * 60 * 60 * 1000);
}

/** The kinds of activity the couple's analytics count. */
export const GALLERY_ACTIVITY_KINDS = ['view', 'upload', 'download'] as const;
export type GalleryActivityKind = (typeof GALLERY_ACTIVITY_KINDS)[number];
/** Days of activity the analytics dashboard shows. */
export const ANALYTICS_DAYS = 30;
