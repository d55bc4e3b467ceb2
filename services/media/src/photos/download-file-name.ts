import type { PhotoContentType } from '@gallery/contracts';

const EXTENSIONS: Record<PhotoContentType, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
};

/**
 * The name an original downloads under: the guest's name with the extension of the type detected from the
 * file's bytes, so a JPEG sent as `party.exe` downloads as `party.jpg` and opens as what it is.
 */
export function downloadFileName(fileName: string, contentType: string): string {
  const extension = EXTENSIONS[contentType as PhotoContentType];
  if (!extension) return fileName;
  const dot = fileName.lastIndexOf('.');
  const base = dot > 0 ? fileName.slice(0, dot) : fileName;
  return `${base}.${extension}`;
}
