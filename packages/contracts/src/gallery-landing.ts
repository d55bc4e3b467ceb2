import { hasForbiddenCharacters } from './unsafe-characters.js';

/**
 * The guest's landing: the couple's cover photo and welcome line ("Thank you for celebrating with us!"), shown
 * under their names above one action, Upload Photos. Two short lines on a phone at most.
 */
export const MAX_WELCOME_LINE_CHARS = 140;

export type WelcomeLineProblem = 'tooLong' | 'forbiddenCharacters';

/** The line as kept: trimmed, inner whitespace collapsed to one space, NFC; null when nothing is left. */
export function cleanWelcomeLine(value: string | null | undefined): string | null {
  if (value == null) return null;
  const cleaned = value.normalize('NFC').replace(/\s+/g, ' ').trim();
  return cleaned.length > 0 ? cleaned : null;
}

/**
 * Why a welcome line as typed is refused, or null when it may be kept (after `cleanWelcomeLine`): control and
 * text-direction characters as in every other input, and more characters (as a person counts them) than fit.
 */
export function welcomeLineProblem(value: string): WelcomeLineProblem | null {
  if (hasForbiddenCharacters(value)) return 'forbiddenCharacters';
  const cleaned = cleanWelcomeLine(value);
  if (cleaned && Array.from(cleaned).length > MAX_WELCOME_LINE_CHARS) return 'tooLong';
  return null;
}

/** The error code each problem is refused with (the texts are in the shared messages). */
export const WELCOME_LINE_REFUSALS = {
  tooLong: 'WELCOME_LINE_TOO_LONG',
  forbiddenCharacters: 'WELCOME_LINE_FORBIDDEN_CHARACTERS',
} as const satisfies Record<WelcomeLineProblem, string>;
