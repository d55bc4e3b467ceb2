/**
 * File and folder names a person can browse on any computer: what Download All's zips and the cloud-drive backup
 * name photos with.
 */

/** Characters no file system accepts in a name, control characters, and path separators. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f<>:"/\\|?*]/g;
const MAX_NAME_CHARS = 120;
const RESERVED = /^(con|prn|aux|nul|com[0-9]|lpt[0-9])$/i;

/** A name safe as one path segment on Windows, macOS and Linux; `fallback` when nothing is left. */
export function cleanSegment(name: string, fallback: string): string {
  let cleaned = name.normalize('NFC').replace(UNSAFE, '_').replace(/\s+/g, ' ').trim();
  // Windows drops trailing dots and spaces; a leading dot hides the file elsewhere.
  cleaned = cleaned.replace(/[. ]+$/, '').replace(/^[. ]+/, '');
  if (Array.from(cleaned).length > MAX_NAME_CHARS)
    cleaned = Array.from(cleaned).slice(0, MAX_NAME_CHARS).join('').trim();
  if (!cleaned || RESERVED.test(cleaned.split('.')[0])) return fallback;
  return cleaned;
}

export function galleryFolderName(galleryName: string): string {
  return cleanSegment(galleryName, 'Gallery');
}

const pad = (n: number) => String(n).padStart(2, '0');

export function timestampPrefix(date: Date): string {
  return (
    `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())} ` +
    `${pad(date.getUTCHours())}.${pad(date.getUTCMinutes())}.${pad(date.getUTCSeconds())}`
  );
}
