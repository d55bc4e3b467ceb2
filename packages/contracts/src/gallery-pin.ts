import type { ErrorCode } from './errors.js';

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

/** A pass's length: `p1.` and 32 random bytes in base64url (gallery-pin-admission.ts); nothing longer is read. */
export const PIN_PASS_MAX_LENGTH = 46;
