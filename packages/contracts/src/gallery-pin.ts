import type { ErrorCode } from './errors.js';
import { galleryCodeSchema } from './domain-events.js';
import { z } from './zod.js';

/**
 * The gallery PIN: an optional second secret on top of the code. The couple sets it on the event page; events
 * keeps only its scrypt hash. A guest enters it once per browser and gets a pass (a random token events keeps
 * the SHA-256 of) that every guest request of that gallery carries in PIN_PASS_HEADER.
 */
export const PIN_LIMITS = Object.freeze({
  minDigits: 4,
  maxDigits: 8,
  /** How long a pass lets a browser in without the PIN again: longer than any wedding weekend. */
  passDays: 30,
});

const PIN = /^[0-9]{4,8}$/;

/** Why this PIN cannot be set or tried (anything but 4-8 ASCII digits), or null. */
export function pinProblem(pin: string): Extract<ErrorCode, 'PIN_FORMAT_INVALID'> | null {
  return PIN.test(pin) ? null : 'PIN_FORMAT_INVALID';
}

/** The header a browser sends its gallery pass in (GraphQL over HTTP; the live socket's connection params). */
export const PIN_PASS_HEADER = 'x-gallery-pass';

/** `p1.` and 32 random bytes in base64url: 46 characters, nothing longer is read. */
export const pinPassSchema = z.string().regex(/^p1\.[A-Za-z0-9_-]{43}$/);
export const PIN_PASS_MAX_LENGTH = 46;

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
