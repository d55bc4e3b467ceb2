import type { ErrorCode } from './errors.js';

/**
 * The couple's privacy settings: owned by the events service, changed on the event page by the owner only, and
 * carried whole by `event.privacy-changed` so media (and any other service) applies them from its own read model.
 */

/**
 * Who sees which photos. `everyone`: every holder of the code sees every photo. `own` (a drop box): a guest
 * sees only the photos their own browser uploaded; the couple sees all. `reveal`: like `own` until the
 * couple's `revealAt`, then like `everyone`.
 */
export const PHOTO_VISIBILITY_MODES = ['everyone', 'own', 'reveal'] as const;
export type PhotoVisibilityMode = (typeof PHOTO_VISIBILITY_MODES)[number];

/** The settings a gallery has until its couple changes them: today's behaviour. */
export const DEFAULT_PRIVACY = {
  visibility: 'everyone' as PhotoVisibilityMode,
  /** Only with `reveal`: when guests' photos become visible to every guest. */
  revealAt: null,
  /** Open from the gallery's creation. */
  uploadsOpenAt: null,
  /** Open until the plan's expiry. */
  uploadsCloseAt: null,
  guestOriginals: true,
  /** The couple's own downloads (a single original, Download All) keep the untouched originals. */
  ownerDownloadsKeepMetadata: true,
  /** Off: guests' photos show as soon as they are uploaded. */
  approval: false,
} as const;

/** When guests may upload: either end null means "from creation" / "until the plan's expiry". */
export interface UploadWindow {
  uploadsOpenAt: Date | null;
  uploadsCloseAt: Date | null;
}

/**
 * Why the couple may not set this upload window, or null: a close in the past, an open or close after the
 * gallery's expiry, or a close not after the open. `now` and `expiresAt` are the server's.
 */
export function uploadWindowProblem(window: UploadWindow, now: Date, expiresAt: Date): ErrorCode | null {
  const { uploadsOpenAt: open, uploadsCloseAt: close } = window;
  if (close && close.getTime() <= now.getTime()) return 'UPLOADS_CLOSE_IN_PAST';
  if ((open && open.getTime() > expiresAt.getTime()) || (close && close.getTime() > expiresAt.getTime()))
    return 'UPLOADS_AFTER_EXPIRY';
  if (open && close && close.getTime() <= open.getTime()) return 'UPLOADS_CLOSE_BEFORE_OPEN';
  return null;
}

/** Why uploads are refused at `now` by the window alone (not yet open, or closed), or null while it is open. */
export function uploadWindowRefusal(
  window: UploadWindow,
  now: Date,
): 'UPLOADS_NOT_OPEN' | 'UPLOADS_CLOSED' | null {
  if (window.uploadsOpenAt && now.getTime() < window.uploadsOpenAt.getTime()) return 'UPLOADS_NOT_OPEN';
  if (window.uploadsCloseAt && now.getTime() >= window.uploadsCloseAt.getTime()) return 'UPLOADS_CLOSED';
  return null;
}

/** Who sees which photos, as a gallery's settings hold it. */
export interface PhotoVisibility {
  visibility: PhotoVisibilityMode;
  revealAt: Date | null;
}

/**
 * Whether every guest sees every photo at `now`: always with `everyone`, from `revealAt` on with `reveal`, never
 * with `own`. When false, a guest sees only their own uploads (the couple always sees all). The one rule every
 * path a photo leaves by applies.
 */
export function photosSharedWithGuests(setting: PhotoVisibility, now: Date): boolean {
  if (setting.visibility === 'everyone') return true;
  if (setting.visibility === 'reveal')
    return setting.revealAt !== null && now.getTime() >= setting.revealAt.getTime();
  return false;
}

/**
 * Why the couple may not set this visibility, or null: a reveal needs a time, in the future and before the
 * gallery's expiry. Any other mode takes no reveal time.
 */
export function photoVisibilityProblem(
  setting: PhotoVisibility,
  now: Date,
  expiresAt: Date,
): ErrorCode | null {
  if (setting.visibility !== 'reveal') return setting.revealAt ? 'REVEAL_TIME_NOT_USED' : null;
  if (!setting.revealAt) return 'REVEAL_TIME_REQUIRED';
  if (setting.revealAt.getTime() <= now.getTime()) return 'REVEAL_IN_PAST';
  if (setting.revealAt.getTime() > expiresAt.getTime()) return 'REVEAL_AFTER_EXPIRY';
  return null;
}

/**
 * Where a photo stands in the couple's review while the gallery asks for approval: `approved` photos show to
 * whoever the visibility rule lets see them; a `waiting` photo only to the couple (on the queue) and to its own
 * uploader, marked as waiting; a `hidden` photo only to the couple, on the queue. Photos uploaded without
 * approval, and the couple's own uploads, are `approved` from the start.
 */
export const PHOTO_REVIEW_STATES = ['approved', 'waiting', 'hidden'] as const;
export type PhotoReviewState = (typeof PHOTO_REVIEW_STATES)[number];

/** The couple's two decisions on the queue screen. */
export const PHOTO_REVIEW_DECISIONS = ['approve', 'hide'] as const;
export type PhotoReviewDecision = (typeof PHOTO_REVIEW_DECISIONS)[number];

/** At most this many photos are approved or hidden in one request (REVIEW_BATCH_TOO_LARGE beyond). */
export const MAX_REVIEW_BATCH = 100;

/** The review state a new upload starts in: waiting while the gallery asks for approval, unless the couple sent it. */
export function initialReviewState(approval: boolean, byOwner: boolean): PhotoReviewState {
  return approval && !byOwner ? 'waiting' : 'approved';
}
