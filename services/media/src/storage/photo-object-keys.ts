/** The type of every derived image (thumbnail, preview, a video's poster frame): sharp writes JPEG. */
export const DERIVED_IMAGE_TYPE = 'image/jpeg';

/**
 * Where a confirmed photo's objects live: under the photo's id, never under its gallery's code (a redirect to
 * them would tell the code), and under a folder of their own per confirmation attempt, so two confirmations of
 * one upload running at once never write over each other's copy and the loser can delete its own. (`preview`
 * is written by the confirmation only for a video's poster frame; a photo's preview comes after its commit,
 * under `photoPreviewKey`.) `guestOriginal` is the original without identifying metadata, what guests fetch.
 */
export function photoObjectKeys(photoId: string, attemptId: string) {
  const folder = `photos/${photoId}/${attemptId}`;
  return {
    original: `${folder}/original`,
    thumbnail: `${folder}/thumbnail.jpg`,
    preview: `${folder}/preview.jpg`,
    guestOriginal: `${folder}/guest-original`,
  };
}

/**
 * Where one build of a photo's preview is written: a folder per build, so a build that lost its race (another
 * replica's, or one whose photo was removed meanwhile) deletes only its own object.
 */
export function photoPreviewKey(photoId: string, buildId: string): string {
  return `photos/${photoId}/${buildId}/preview.jpg`;
}

/** Where a guest copy made after its photo's commit (PendingGuestCopies) is written: a folder per attempt. */
export function guestCopyKey(photoId: string, attemptId: string): string {
  return `photos/${photoId}/${attemptId}/guest-original`;
}
