import {
  acceptedContentTypes,
  fileRefusal,
  MAX_PHOTO_MEGABYTES,
  MAX_PHOTO_MEGAPIXELS,
  MAX_VIDEO_MEGABYTES,
  PLANS,
  type ErrorCode,
  type PlanId,
} from '@gallery/contracts';

/** Why a file was refused: an error code and the {{count}} its message needs. */
export interface UploadRefusal {
  code: ErrorCode;
  count?: number;
}

const TYPES_BY_EXTENSION: Record<string, string> = {
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  heif: 'image/heif',
  mp4: 'video/mp4',
  m4v: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** What the file input offers: photos, and videos too when the gallery's plan takes them. */
export function acceptedTypes(plan: PlanId): string {
  return acceptedContentTypes(plan).join(',');
}

/** The file's type, read from its extension when the browser gives none (HEIC on many systems). */
export function contentTypeFor(file: { name: string; type: string }): string {
  if (file.type) return file.type.toLowerCase();
  const extension = /\.([a-z0-9]+)$/i.exec(file.name)?.[1]?.toLowerCase();
  return (extension && TYPES_BY_EXTENSION[extension]) || 'application/octet-stream';
}

/** The browser's own check before anything is sent (the rule the server applies); the server checks again. */
export function checkPhotoFile(
  file: { name: string; type: string; size: number },
  plan: PlanId,
): UploadRefusal | null {
  return fileRefusal({ contentType: contentTypeFor(file), size: file.size }, plan);
}

/** A refusal from the server's error code, with the count its message needs. */
export function refusalFor(
  code: ErrorCode,
  plan: PlanId,
  extensions: Record<string, unknown> = {},
): UploadRefusal {
  if (code === 'PHOTO_LIMIT_REACHED') {
    const given = [extensions.limit, extensions.count].find((value) => typeof value === 'number') as
      number | undefined;
    return { code, count: given ?? PLANS[plan].photoLimit ?? undefined };
  }
  if (code === 'FILE_TOO_LARGE') return { code, count: MAX_PHOTO_MEGABYTES };
  if (code === 'VIDEO_TOO_LARGE') return { code, count: MAX_VIDEO_MEGABYTES };
  if (code === 'IMAGE_TOO_LARGE') return { code, count: MAX_PHOTO_MEGAPIXELS };
  return { code };
}
