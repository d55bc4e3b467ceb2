import type { MediaContentType, VideoContentType } from '@gallery/contracts';
import { detectPhotoType } from './detect-photo-type.js';

/** ISO BMFF major brands of MP4 files as cameras, phones and editors write them. */
const MP4_BRANDS = new Set(['isom', 'iso2', 'iso4', 'iso5', 'iso6', 'mp41', 'mp42', 'avc1', 'M4V ', 'MSNV']);
const QUICKTIME_BRAND = 'qt  ';
const EBML = [0x1a, 0x45, 0xdf, 0xa3];
/** The EBML header's DocType element: what separates WebM from other Matroska files. */
const DOCTYPE_ID = [0x42, 0x82];

const ascii = (head: Uint8Array, start: number, end: number) =>
  head.length >= end ? String.fromCharCode(...head.subarray(start, end)) : '';

/**
 * MP4 and MOV by the leading `ftyp` box: its major brand, or for an unknown major brand (a camera's own) an MP4
 * brand among the compatible ones. HEIF brands are photos and are never taken for a video.
 */
function detectIsoVideo(head: Uint8Array): VideoContentType | null {
  if (ascii(head, 4, 8) !== 'ftyp') return null;
  const major = ascii(head, 8, 12);
  if (major === QUICKTIME_BRAND) return 'video/quicktime';
  if (MP4_BRANDS.has(major)) return 'video/mp4';
  const boxSize = Math.min(new DataView(head.buffer, head.byteOffset).getUint32(0), head.length);
  for (let offset = 16; offset + 4 <= boxSize; offset += 4) {
    const brand = ascii(head, offset, offset + 4);
    if (brand === QUICKTIME_BRAND) return 'video/quicktime';
    if (MP4_BRANDS.has(brand)) return 'video/mp4';
  }
  return null;
}

/** The value length of an EBML variable-size integer starting at `offset`, and how many bytes it took. */
function ebmlSize(head: Uint8Array, offset: number): { value: number; length: number } | null {
  const first = head[offset];
  if (first === undefined || first === 0) return null;
  const length = Math.clz32(first) - 23;
  if (offset + length > head.length) return null;
  let value = first & (0xff >> length);
  for (let i = 1; i < length; i++) value = value * 256 + head[offset + i];
  return { value, length };
}

/** WebM by its EBML header (1A 45 DF A3) whose DocType says "webm" (other Matroska files say "matroska"). */
function detectWebm(head: Uint8Array): VideoContentType | null {
  if (!EBML.every((byte, i) => head[i] === byte)) return null;
  for (let offset = 4; offset + 2 < head.length; offset++) {
    if (head[offset] !== DOCTYPE_ID[0] || head[offset + 1] !== DOCTYPE_ID[1]) continue;
    const size = ebmlSize(head, offset + 2);
    if (!size) return null;
    const start = offset + 2 + size.length;
    return ascii(head, start, start + size.value) === 'webm' ? 'video/webm' : null;
  }
  return null;
}

/**
 * The real type of an uploaded photo or video from its first bytes (PHOTO_TYPE_HEAD_BYTES of them), whatever
 * its name or declared type says; null when it is none of the accepted types.
 */
export function detectMediaType(head: Uint8Array): MediaContentType | null {
  return detectPhotoType(head) ?? detectIsoVideo(head) ?? detectWebm(head);
}
