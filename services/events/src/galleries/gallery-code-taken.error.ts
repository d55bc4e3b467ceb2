/** The random code picked for a new gallery already belongs to another: pick again. */
export class GalleryCodeTakenError extends Error {
  constructor(readonly code: string) {
    super(`gallery code ${code} is taken`);
  }
}
