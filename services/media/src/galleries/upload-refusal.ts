import { PLANS, uploadWindowRefusal, type PlanId } from '@gallery/contracts';
import { AppError } from '@gallery/platform';

/**
 * Why a gallery takes no more photos right now, or null when it does: expired galleries take none, refunded
 * ones (read-only until expiry) take none, none are taken outside the couple's upload window, and a plan with a photo limit takes none once the count reached it. Decided on a row the caller locked when the
 * answer must hold until its transaction commits.
 */
export function uploadRefusal(
  gallery: {
    plan: PlanId;
    expiresAt: Date;
    photoCount: number;
    readOnly?: boolean;
    uploadsOpenAt?: Date | null;
    uploadsCloseAt?: Date | null;
  },
  now: Date,
): AppError | null {
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
