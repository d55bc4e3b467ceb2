import { GUESTBOOK_LIMITS } from './limits.js';
import { FORBIDDEN_IN_TEXT } from './unsafe-characters.js';

/**
 * The guestbook: wishes guests leave for the couple. A message is plain text of a few lines; markup is kept as
 * the characters typed and shown as text everywhere (the gallery, the wall, the page in the zip).
 */
export type GuestbookMessageProblem = 'empty' | 'tooLong' | 'tooManyLines' | 'forbiddenCharacters';

/** The message as kept: NFC, each line's ends trimmed, runs of blank lines made one, no blank first or last line. */
export function cleanGuestbookMessage(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/**
 * Why a message as typed is refused, or null when it may be kept (after `cleanGuestbookMessage`). Control and
 * text-direction characters are refused before anything is cleaned (line breaks and tabs are allowed).
 */
export function guestbookMessageProblem(value: string): GuestbookMessageProblem | null {
  if (FORBIDDEN_IN_TEXT.test(value)) return 'forbiddenCharacters';
  const cleaned = cleanGuestbookMessage(value);
  if (!cleaned) return 'empty';
  if (Array.from(cleaned).length > GUESTBOOK_LIMITS.messageChars) return 'tooLong';
  if (cleaned.split('\n').length > GUESTBOOK_LIMITS.messageLines) return 'tooManyLines';
  return null;
}

/** The error code each problem is refused with, and the count its text names. */
export const GUESTBOOK_MESSAGE_REFUSALS = {
  empty: { code: 'GUESTBOOK_MESSAGE_EMPTY' },
  tooLong: { code: 'GUESTBOOK_MESSAGE_TOO_LONG', count: GUESTBOOK_LIMITS.messageChars },
  tooManyLines: { code: 'GUESTBOOK_MESSAGE_TOO_MANY_LINES', count: GUESTBOOK_LIMITS.messageLines },
  forbiddenCharacters: { code: 'GUESTBOOK_MESSAGE_FORBIDDEN_CHARACTERS' },
} as const satisfies Record<GuestbookMessageProblem, { code: string; count?: number }>;
