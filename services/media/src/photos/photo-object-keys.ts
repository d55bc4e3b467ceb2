/** Where a photo's objects live in the bucket: one folder per gallery, so a gallery can be listed or purged. */
export function photoObjectKeys(eventCode: string, photoId: string) {
  return {
    original: `events/${eventCode}/originals/${photoId}`,
    thumbnail: `events/${eventCode}/thumbnails/${photoId}.jpg`,
    preview: `events/${eventCode}/previews/${photoId}.jpg`,
  };
}
