/**
 * Where a confirmed photo's objects live: under the photo's id, never under its gallery's code (a redirect to
 * them would tell the code), and under a folder of their own per confirmation attempt, so two confirmations of
 * one upload running at once never write over each other's copy and the loser can delete its own.
 */
export function photoObjectKeys(photoId: string, attemptId: string) {
  const folder = `photos/${photoId}/${attemptId}`;
  return {
    original: `${folder}/original`,
    thumbnail: `${folder}/thumbnail.jpg`,
    preview: `${folder}/preview.jpg`,
  };
}
