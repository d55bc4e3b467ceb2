/** Gallery codes: upper case, at most 10 characters, no look-alike characters (0/O, 1/I/L, 2/Z, 5/S, 8/B). */
export const EVENT_CODE_MAX_LENGTH = 10;
export const GALLERY_CODE_LENGTH = 8;
export const GALLERY_CODE_ALPHABET = 'ACDEFGHJKMNPQRTUVWXY34679';
/** What an issued code looks like; anything else names no gallery and is refused before any lookup. */
export const GALLERY_CODE_PATTERN = new RegExp(`^[${GALLERY_CODE_ALPHABET}]{${GALLERY_CODE_LENGTH}}$`);

export function isGalleryCode(value: unknown): value is string {
  return typeof value === 'string' && GALLERY_CODE_PATTERN.test(value);
}

/** Spaces and dashes a printed code invites ("9PDC 7G9J", "9PDC-7G9J"): typed between characters, not part of it. */
const CODE_SEPARATOR = /[\s-]/;

/**
 * What the Find My Event input does to each keystroke: upper case, at most 10 code characters; spaces and
 * dashes between them stay as typed (and count towards no cap but twice the code's).
 */
export function formatEventCodeInput(raw: string): string {
  let shown = '';
  let characters = 0;
  for (const character of raw.toUpperCase()) {
    if (!CODE_SEPARATOR.test(character)) {
      if (characters === EVENT_CODE_MAX_LENGTH) break;
      characters++;
    }
    shown += character;
  }
  return shown.slice(0, EVENT_CODE_MAX_LENGTH * 2);
}

/** What a submitted code becomes: without spaces or dashes, upper case, capped at 10 characters. */
export function normalizeEventCode(raw: string): string {
  return raw
    .replace(new RegExp(CODE_SEPARATOR.source, 'g'), '')
    .toUpperCase()
    .slice(0, EVENT_CODE_MAX_LENGTH);
}

/** Builds a code from random bytes (crypto-strength bytes come from the caller). */
export function galleryCodeFromBytes(bytes: Uint8Array): string {
  if (bytes.length < GALLERY_CODE_LENGTH) throw new Error('need one random byte per code character');
  let code = '';
  for (let i = 0; i < GALLERY_CODE_LENGTH; i++) {
    code += GALLERY_CODE_ALPHABET[bytes[i] % GALLERY_CODE_ALPHABET.length];
  }
  return code;
}
