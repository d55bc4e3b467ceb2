/**
 * How long an upload may stay pending before it counts as abandoned. Storage checks a signature's expiry when a
 * PUT starts, so a 50 MB PUT begun just before its URL expires on a slow venue network can still be landing
 * well after that; a browser that finished its PUT confirms right away. An hour leaves most of an hour past
 * expiry for those slow PUTs and for clock drift between replicas, after which no PUT can still land and no
 * confirmation is still coming.
 */
export const ABANDONED_UPLOAD_AGE_MS = 60 * 60 * 1000;

/** Pending uploads created before this instant are abandoned. */
export function abandonedUploadCutoff(now: Date): Date {
  return new Date(now.getTime() - ABANDONED_UPLOAD_AGE_MS);
}

/** When nothing can be PUT to an upload's staging key any more: its staging object can go for good. */
export function uploadSettledAt(createdAt: Date): Date {
  return new Date(createdAt.getTime() + ABANDONED_UPLOAD_AGE_MS);
}
