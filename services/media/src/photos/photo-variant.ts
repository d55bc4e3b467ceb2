/** The ways a photo can be fetched through its stable URL. */
export const PHOTO_VARIANTS = ['thumbnail', 'preview', 'original'] as const;
export type PhotoVariant = (typeof PHOTO_VARIANTS)[number];
