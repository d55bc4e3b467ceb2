// The characters that can hide or reorder text, in one place: what a form field refuses and what a stored file
// name loses.

/** Bidirectional embeddings, overrides and isolates ("Trojan Source": `gpj.exe` shown as `exe.jpg`). */
const BIDI_CONTROLS = '\\u202A-\\u202E\\u2066-\\u2069';
/** Invisible direction marks: a name typed in a form may need them, a file name does not. */
const DIRECTION_MARKS = '\\u061C\\u200E\\u200F';

/** One line of text (a name, a place, an address): C0/C1 control characters, NUL included, and bidi controls. */
export const FORBIDDEN_IN_LINE = new RegExp(`[\\p{Cc}${BIDI_CONTROLS}]`, 'u');

/**
 * Whether a one-line value holds characters no name, place or address needs (FORBIDDEN_IN_LINE). Here, not with
 * the order form: the guest's name and a challenge's prompt check it too, and the gallery's code would otherwise
 * load the schema library with the order form's schema.
 */
export function hasForbiddenCharacters(value: string): boolean {
  return FORBIDDEN_IN_LINE.test(value);
}

/** A text of paragraphs: as FORBIDDEN_IN_LINE, but line breaks and tabs are allowed. */
export const FORBIDDEN_IN_TEXT = new RegExp(
  `[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${BIDI_CONTROLS}]`,
  'u',
);

/** What is removed from a file name before it is stored or offered again (global: for `replace`). */
export const UNSAFE_IN_FILE_NAME = new RegExp(`[\\p{Cc}${BIDI_CONTROLS}${DIRECTION_MARKS}]`, 'gu');
