import { galleryCodeSchema } from './domain-events.js';
import { PIN_PASS_MAX_LENGTH } from './gallery-pin.js';
import { z } from './validation/zod.js';

// The wire side of the gallery PIN (gallery-pin.ts holds its rules, which the web app reads without these schemas).

/** `p1.` and 32 random bytes in base64url: PIN_PASS_MAX_LENGTH characters. */
export const pinPassSchema = z.string().regex(/^p1\.[A-Za-z0-9_-]{43}$/);

/**
 * Another service asks events whether a guest request may reach a gallery: events holds the PIN and its
 * passes, so the PIN is checked in one place. `pass` and `authorization` as the caller sent them.
 */
export const guestAdmissionRequestSchema = z.object({
  code: galleryCodeSchema,
  pass: z.string().max(PIN_PASS_MAX_LENGTH).optional(),
  authorization: z.string().max(1000).optional(),
});
export type GuestAdmissionRequest = z.infer<typeof guestAdmissionRequestSchema>;
/**
 * `admitted` false only for a gallery with a PIN, without a live pass for it, and not asked by its owner. `pin`:
 * the gallery's PIN state as events holds it when answering (absent for no gallery), so an asker that has not
 * heard of the gallery yet (one created before it kept PIN states, a message it missed) learns it from the answer.
 */
export const guestAdmissionReplySchema = z.object({
  admitted: z.boolean(),
  pin: z.object({ set: z.boolean(), version: z.number().int().nonnegative() }).optional(),
});
export type GuestAdmissionReply = z.infer<typeof guestAdmissionReplySchema>;
