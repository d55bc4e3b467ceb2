import type { EventEntity } from './event.entity.js';

/** What createGallery hands back to the couple, once. */
export interface CreatedGallery {
  event: EventEntity;
  ownerToken: string;
  galleryUrl: string;
  paymentRequired: boolean;
}
