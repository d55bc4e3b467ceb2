/** What a guest sees of a photo: small JPEGs without metadata, and the original's oriented dimensions. */
export interface DerivedImages {
  width: number;
  height: number;
  thumbnail: Buffer;
  preview: Buffer;
}
