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
