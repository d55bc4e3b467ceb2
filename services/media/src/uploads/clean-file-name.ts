/** Longest name kept, in UTF-8 bytes: what file systems accept for one name. */
export const MAX_FILE_NAME_BYTES = 255;

/**
 * Control characters, and the invisible marks that reorder text (bidi embeddings, overrides, isolates and
 * direction marks): a name like `gpj.exe` shown reversed as `exe.jpg` is a classic way to disguise a file.
 */
const UNSAFE_CHARACTERS = /[\p{Cc}\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/gu;

/**
 * The file name a guest's browser sent, made safe to store and offer again: unsafe characters removed, path
 * separators made plain, no leading dots, at most MAX_FILE_NAME_BYTES bytes without cutting a character in two.
 */
export function cleanFileName(raw: string): string {
  const name = raw
    .normalize('NFC')
    .replace(UNSAFE_CHARACTERS, '')
    .replace(/[\\/]/g, '_')
    .trim()
    .replace(/^\.+/, '');
  let kept = '';
  let bytes = 0;
  for (const character of name) {
    bytes += Buffer.byteLength(character);
    if (bytes > MAX_FILE_NAME_BYTES) break;
    kept += character;
  }
  return kept.trim() || 'photo';
}
