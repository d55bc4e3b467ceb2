import { FIND_ME_LIMITS } from '@gallery/contracts';

/** A selfie's longest side once scaled: a face there is far over what the faces service needs. */
export const SELFIE_MAX_SIDE = 640;

/** JPEG qualities tried in turn until the selfie fits FIND_ME_LIMITS.selfieBytes (the first almost always does). */
export const SELFIE_QUALITIES = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35, 0.25] as const;

/** Why a picture could not be made a selfie: not an image the browser reads, or too large at every quality. */
export class SelfieError extends Error {
  constructor(readonly code: 'SELFIE_UNREADABLE' | 'SELFIE_TOO_LARGE') {
    super(code);
  }
}

/** The size a picture is drawn at: its longest side at most `maxSide`, its proportions kept, never enlarged. */
export function scaledSize(
  width: number,
  height: number,
  maxSide: number = SELFIE_MAX_SIDE,
): { width: number; height: number } {
  if (!(width > 0) || !(height > 0)) throw new SelfieError('SELFIE_UNREADABLE');
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

/**
 * The first encoding, at the qualities in turn, of at most `maxBytes`: quality is lowered step by step only as
 * far as needed. SELFIE_TOO_LARGE when even the lowest does not fit.
 */
export async function encodeToFit(
  encode: (quality: number) => Promise<Blob>,
  maxBytes: number = FIND_ME_LIMITS.selfieBytes,
  qualities: readonly number[] = SELFIE_QUALITIES,
): Promise<Blob> {
  for (const quality of qualities) {
    const blob = await encode(quality);
    if (blob.size <= maxBytes) return blob;
  }
  throw new SelfieError('SELFIE_TOO_LARGE');
}

/** A blob's bytes as base64 (what findMe takes), without a data: prefix. */
export async function base64Of(blob: Blob): Promise<string> {
  const bytes = new Uint8Array(await blob.arrayBuffer());
  let binary = '';
  for (let start = 0; start < bytes.length; start += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(start, start + 0x8000));
  }
  return btoa(binary);
}

/**
 * The picture from the camera or a file as the selfie findMe takes: turned upright as the camera meant it, scaled
 * to SELFIE_MAX_SIDE on its long side and encoded as a JPEG of at most FIND_ME_LIMITS.selfieBytes. A file the
 * browser cannot read as an image (HEIC on most desktops, not an image at all) is SELFIE_UNREADABLE.
 */
export async function selfieFromFile(file: Blob): Promise<Blob> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    throw new SelfieError('SELFIE_UNREADABLE');
  }
  try {
    const { width, height } = scaledSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    const context = canvas.getContext('2d');
    if (!context) throw new SelfieError('SELFIE_UNREADABLE');
    context.drawImage(bitmap, 0, 0, width, height);
    return await encodeToFit(
      (quality) =>
        new Promise<Blob>((resolve, reject) =>
          canvas.toBlob(
            (blob) => (blob ? resolve(blob) : reject(new SelfieError('SELFIE_UNREADABLE'))),
            'image/jpeg',
            quality,
          ),
        ),
    );
  } finally {
    bitmap.close();
  }
}
