import { z } from './validation/zod.js';
import { galleryCodeSchema } from './domain-events.js';
import { HEART_LIMITS } from './limits.js';

/**
 * Live heart counts, on core NATS (a live-only signal: a screen that reconnects re-reads the gallery and its
 * counts), outside the domain stream's subjects. Media sends, per gallery and per HEART_LIMITS.liveBatchMs, the
 * counts of the photos whose hearts changed, as they are in its database when sent (absolute, not +1/-1: a
 * lost or reordered message is set right by the next one), those of photos other guests may not see apart.
 */
export const HEART_COUNTS_SUBJECT_PREFIX = 'live.hearts';
export const heartCountsSubject = (code: string): string => `${HEART_COUNTS_SUBJECT_PREFIX}.${code}`;

export const photoHeartCountSchema = z.object({
  photoId: z.uuid(),
  heartCount: z.number().int().nonnegative(),
});
export type PhotoHeartCount = z.infer<typeof photoHeartCountSchema>;

export const heartCountsSchema = z.object({
  eventCode: galleryCodeSchema,
  /**
   * Whether every guest of the gallery sees these photos (approved, and the gallery's photos shared now): else
   * the counts are the couple's screens' only. Absent (an older media service): the couple's only.
   */
  forGuests: z.boolean().optional(),
  counts: z.array(photoHeartCountSchema).min(1).max(HEART_LIMITS.countsPerMessage),
});
export type HeartCounts = z.infer<typeof heartCountsSchema>;
