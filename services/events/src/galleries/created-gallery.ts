import type { GalleryEntity } from './gallery.entity.js';

/** What createGallery hands back to the couple, once. */
export interface CreatedGallery {
  event: GalleryEntity;
  ownerToken: string;
  galleryUrl: string;
  paymentRequired: boolean;
  /** The order's email: the owner a session is opened for. */
  email: string;
}
