import {
  fileRefusal,
  isVideoType,
  MAX_PENDING_UPLOADS_PER_GALLERY,
  PLANS,
  UPLOADS_BUSY_RETRY_SECONDS,
  uploadWindowRefusal,
  type PlanId,
} from '@gallery/contracts';
import { AppError } from '@gallery/platform';

/**
 * Whether a gallery takes a file now: every rule of upload admission, each a refusal (the error to throw) or null.
 * A slot is asked: `uploadRefusal`, then `fileAdmissionRefusal` on each file as declared, then `slotRoomRefusal`
 * once the slots are counted. A confirmation: `uploadRefusal`, then `fileAdmissionRefusal` on the content, then
 * `recordingRefusal` under the gallery's lock. Decided on a row the caller locked when the answer must hold until
 * its transaction commits.
 */
export interface AdmissionGallery {
  plan: PlanId;
  expiresAt: Date;
  /** Every photo and video recorded, those waiting for the couple's approval too. */
  photoCount: number;
  readOnly?: boolean;
  uploadsOpenAt?: Date | null;
  uploadsCloseAt?: Date | null;
}

/**
 * Why a gallery takes no more files right now, or null when it does: expired galleries take none, refunded
 * ones (read-only until expiry) take none, none are taken outside the couple's upload window, and a plan with a
 * photo limit takes none once the count reached it.
 */
export function uploadRefusal(gallery: AdmissionGallery, now: Date): AppError | null {
  if (gallery.expiresAt.getTime() <= now.getTime()) return new AppError('GALLERY_EXPIRED');
  if (gallery.readOnly) return new AppError('GALLERY_READ_ONLY');
  const outsideWindow = uploadWindowRefusal(
    { uploadsOpenAt: gallery.uploadsOpenAt ?? null, uploadsCloseAt: gallery.uploadsCloseAt ?? null },
    now,
  );
  if (outsideWindow) return new AppError(outsideWindow);
  const limit = PLANS[gallery.plan].photoLimit;
  if (limit !== null && gallery.photoCount >= limit)
    return new AppError('PHOTO_LIMIT_REACHED', { count: limit });
  return null;
}

/**
 * Why the gallery's plan refuses this file (empty, a type no gallery takes, a video without videos on the plan,
 * over its kind's size), by the rule the browser applies too. A slot asks it on what the browser declares, a
 * confirmation again on the type the content shows; `extensions` say which file of a request it was.
 */
export function fileAdmissionRefusal(
  file: { contentType: string; size: number },
  plan: PlanId,
  extensions?: Record<string, unknown>,
): AppError | null {
  const refusal = fileRefusal(file, plan);
  return refusal ? new AppError(refusal.code, { count: refusal.count, extensions }) : null;
}

/**
 * Refuses slots beyond what the gallery still takes: with a photo limit, its photos and pending uploads stay
 * within the limit; without one, at most MAX_PENDING_UPLOADS_PER_GALLERY are pending (`pending`: those before
 * these `wanted`). On a locked row, so concurrent requests cannot both take the last slots.
 */
export function slotRoomRefusal(gallery: AdmissionGallery, pending: number, wanted: number): AppError | null {
  const limit = PLANS[gallery.plan].photoLimit;
  if (limit !== null && gallery.photoCount + pending + wanted > limit) {
    return new AppError('PHOTO_LIMIT_REACHED', { count: limit });
  }
  if (pending + wanted > MAX_PENDING_UPLOADS_PER_GALLERY) {
    return new AppError('UPLOADS_BUSY', { count: UPLOADS_BUSY_RETRY_SECONDS });
  }
  return null;
}

/**
 * The last word before a checked file is recorded, on the gallery's locked row: `uploadRefusal` again, as the
 * gallery may have changed while the file was read, and a video again on its plan, which a refund may have
 * changed since.
 */
export function recordingRefusal(gallery: AdmissionGallery, contentType: string, now: Date): AppError | null {
  const refusal = uploadRefusal(gallery, now);
  if (refusal) return refusal;
  if (isVideoType(contentType) && !PLANS[gallery.plan].videos) return new AppError('VIDEOS_NEED_PREMIUM');
  return null;
}

/**
 * The plan's photo limit when the file about to be recorded (counted in `gallery.photoCount` before it) brings
 * the gallery to it; null while it still takes more after this one, and on a plan without a limit.
 */
export function photoLimitReachedWith(gallery: Pick<AdmissionGallery, 'plan' | 'photoCount'>): number | null {
  const limit = PLANS[gallery.plan].photoLimit;
  return limit !== null && gallery.photoCount + 1 >= limit ? limit : null;
}
