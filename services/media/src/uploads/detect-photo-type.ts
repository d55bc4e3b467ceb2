import type { PhotoContentType } from '@gallery/contracts';

/** How many leading bytes of an object the detection needs; what confirmation reads from storage. */
export const PHOTO_TYPE_HEAD_BYTES = 64;

const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const HEIF_BRANDS: Record<string, PhotoContentType> = {
  heic: 'image/heic',
  heix: 'image/heic',
  heim: 'image/heic',
  heis: 'image/heic',
  hevc: 'image/heic',
  hevx: 'image/heic',
  mif1: 'image/heif',
  msf1: 'image/heif',
};

const startsWith = (head: Uint8Array, signature: number[], offset = 0) =>
  head.length >= offset + signature.length && signature.every((byte, i) => head[offset + i] === byte);
const ascii = (head: Uint8Array, start: number, end: number) =>
  head.length >= end ? String.fromCharCode(...head.subarray(start, end)) : '';

/**
 * The real type of a photo from its first bytes (magic numbers), whatever its name or declared type says;
 * null when it is none of the accepted photo types. HEIF is recognised by the major brand of its leading
 * `ftyp` box, so an AVIF (major brand `avif`) is not taken for one.
 */
export function detectPhotoType(head: Uint8Array): PhotoContentType | null {
  if (startsWith(head, JPEG)) return 'image/jpeg';
  if (startsWith(head, PNG)) return 'image/png';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'image/webp';
  if (ascii(head, 4, 8) === 'ftyp') return HEIF_BRANDS[ascii(head, 8, 12)] ?? null;
  return null;
}
