import { PLANS, REFUND_WINDOW_DAYS } from '@gallery/contracts';

/** The numbers the information pages' texts name, read from the plan catalogue, never retyped. */
export const CONTENT_VALUES = Object.freeze({
  days: REFUND_WINDOW_DAYS,
  freePhotos: PLANS.free.photoLimit,
  freeDays: PLANS.free.storageDays,
  standardDays: PLANS.standard.storageDays,
});
