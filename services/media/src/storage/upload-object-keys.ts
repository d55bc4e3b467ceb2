/**
 * Where a browser PUTs an upload: a staging key naming neither the gallery nor a photo. On confirmation the
 * object is checked where it is and stays its photo's original when storage refuses overwrites (its URL can
 * then never replace it); elsewhere it is copied to its photo's own keys first, and the staging object is never
 * served.
 */
export function stagingObjectKey(uploadId: string): string {
  return `${STAGING_PREFIX}${uploadId}`;
}

/** Where every staging key starts. */
export const STAGING_PREFIX = 'staging/';

/**
 * Every object an unconfirmed upload may have left in storage. Uploads staged before staging keys existed kept
 * their original and wrote their derived images beside it, under their gallery's folder.
 */
export function uploadObjectKeys(upload: { id: string; eventCode: string; objectKey: string }): string[] {
  if (!upload.objectKey.startsWith('events/')) return [upload.objectKey];
  return [
    upload.objectKey,
    `events/${upload.eventCode}/thumbnails/${upload.id}.jpg`,
    `events/${upload.eventCode}/previews/${upload.id}.jpg`,
  ];
}
