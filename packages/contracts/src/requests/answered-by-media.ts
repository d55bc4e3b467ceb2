import { z } from '../validation/zod.js';
import {
  galleryPhotosReplySchema,
  galleryPhotosRequestSchema,
  GUEST_COPY_REQUEST_TIMEOUT_MS,
  guestCopyReplySchema,
  guestCopyRequestSchema,
} from '../downloads.js';
import { galleryCodeSchema } from '../domain-events.js';
import { visiblePhotosReplySchema, visiblePhotosRequestSchema } from '../faces.js';
import { contract } from './contract.js';

// What the media service answers: it holds the photos. The schemas of a gallery's photos and a guest copy (for
// zips and backups) and of the photos a search may show live beside their features.

const count = z.number().int().nonnegative();

export const MediaRequests = {
  /** download asks media for a gallery's photos, a page at a time, to put their originals in a zip. */
  GalleryPhotos: 'rpc.media.gallery-photos',
  /**
   * download and backup ask media for a photo's guests' copy still to be made (media makes one when it is first
   * needed: a guest's original, a zip or a backup without metadata).
   */
  GuestCopy: 'rpc.media.guest-copy',
  /** events asks media how many photos and guestbook messages wait for the couple's approval (the daily digest). */
  ReviewWaiting: 'rpc.media.review-waiting',
  /** faces asks media which photos a search found the caller may see (the gallery's privacy settings decide). */
  VisiblePhotos: 'rpc.media.visible-photos',
} as const;

export const reviewWaitingRequestSchema = z.object({ code: galleryCodeSchema });
export type ReviewWaitingRequest = z.infer<typeof reviewWaitingRequestSchema>;
export const reviewWaitingReplySchema = z.object({ photos: count, messages: count });
export type ReviewWaitingReply = z.infer<typeof reviewWaitingReplySchema>;

export const MediaRequestContracts = {
  GalleryPhotos: contract(MediaRequests.GalleryPhotos, galleryPhotosRequestSchema, galleryPhotosReplySchema),
  GuestCopy: contract(
    MediaRequests.GuestCopy,
    guestCopyRequestSchema,
    guestCopyReplySchema,
    GUEST_COPY_REQUEST_TIMEOUT_MS,
  ),
  ReviewWaiting: contract(MediaRequests.ReviewWaiting, reviewWaitingRequestSchema, reviewWaitingReplySchema),
  VisiblePhotos: contract(MediaRequests.VisiblePhotos, visiblePhotosRequestSchema, visiblePhotosReplySchema),
} as const;
