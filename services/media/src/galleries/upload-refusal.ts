import { PLANS, type PlanId } from '@gallery/contracts';
import { AppError } from '@gallery/platform';

/**
 * Why a gallery takes no more photos right now, or null when it does: expired galleries take none, refunded
 * ones (read-only until expiry) take none, and a plan with a photo limit takes none once the count reached it. Decided on a row the caller locked when the
 * answer must hold until its transaction commits.
 */
export function uploadRefusal(
  gallery: { plan: PlanId; expiresAt: Date; photoCount: number; readOnly?: boolean },
  now: Date,
): AppError | null {
  if (gallery.expiresAt.getTime() <= now.getTime()) return new AppError('GALLERY_EXPIRED');
  if (gallery.readOnly) return new AppError('GALLERY_READ_ONLY');
  const limit = PLANS[gallery.plan].photoLimit;
  if (limit !== null && gallery.photoCount >= limit)
    return new AppError('PHOTO_LIMIT_REACHED', { count: limit });
  return null;
}
