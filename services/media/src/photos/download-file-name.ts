import type { MediaContentType } from '@gallery/contracts';

const EXTENSIONS: Record<MediaContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
};

/**
 * The name an original downloads under: the guest's name with the extension of the type detected from the
 * file's bytes, so a JPEG sent as `party.exe` downloads as `party.jpg` and opens as what it is.
 */
export function downloadFileName(fileName: string, contentType: string): string {
  const extension = EXTENSIONS[contentType as MediaContentType];
  if (!extension) return fileName;
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base}.${extension}`;
}
