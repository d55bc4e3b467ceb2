/** What an uploaded photo may be. Checked on the object's first bytes, never on its name. */
export const MAX_PHOTO_MEGABYTES = 50;
export const MAX_PHOTO_BYTES = MAX_PHOTO_MEGABYTES * 1024 * 1024;
export const ACCEPTED_PHOTO_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  'image/heic',
  'image/heif',
] as const;
export type PhotoContentType = (typeof ACCEPTED_PHOTO_TYPES)[number];
/** How many files one upload request may ask slots for. */
export const MAX_FILES_PER_REQUEST = 50;
/**
 * The most pixels a photo may have: a 108-megapixel phone sensor fits, a decompression bomb (a tiny PNG of
 * 16000 x 16000 pixels) does not.
 */
export const MAX_PHOTO_MEGAPIXELS = 120;
export const MAX_PHOTO_PIXELS = MAX_PHOTO_MEGAPIXELS * 1_000_000;
/**
 * Upload slots a gallery may have open (handed out, not yet confirmed) at once. A plan with a photo limit gets
 * no more than the photos it still takes; an unlimited plan gets this many, room for a crowd uploading together.
 */
export const MAX_PENDING_UPLOADS_PER_GALLERY = 500;
