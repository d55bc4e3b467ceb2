/** The image has more pixels than MAX_PHOTO_PIXELS: decoding it could take gigabytes, so it is not decoded. */
export class ImageTooLargeError extends Error {
  constructor(readonly pixels: number) {
    super(`image has ${pixels} pixels, more than a photo may have`);
  }
}
