import { UNSAFE_IN_FILE_NAME } from '@gallery/contracts';

/** Longest name kept, in UTF-8 bytes: what file systems accept for one name. */
export const MAX_FILE_NAME_BYTES = 255;

/**
 * The file name a guest's browser sent, made safe to store and offer again: unsafe characters removed, path
 * separators made plain, no leading dots, at most MAX_FILE_NAME_BYTES bytes without cutting a character in two.
 */
export function cleanFileName(raw: string): string {
  const name = raw
    .normalize('NFC')
    .replace(UNSAFE_IN_FILE_NAME, '')
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
