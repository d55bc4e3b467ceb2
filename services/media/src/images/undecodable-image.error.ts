/** The image library could not read the pixels of a file whose first bytes looked like a photo. */
export class UndecodableImageError extends Error {
  constructor(cause: unknown) {
    super(`image could not be decoded: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}
