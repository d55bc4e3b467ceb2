import { z } from './zod.js';
import { galleryCodeSchema, livePhotoSchema } from './domain-events.js';

/**
 * "Find me": a guest finds the photos they are in with a selfie, on the couple's consent (services/faces).
 * The limits of a search, and what the faces service asks media to keep the gallery's privacy settings.
 */
export const FIND_ME_LIMITS = Object.freeze({
  /**
   * A selfie's largest size: it travels base64 in the GraphQL request, under API_LIMITS.bodyBytes (100 KB). The
   * web app sends the camera's picture scaled to 640 px, a 30-60 KB JPEG: a face there is far over what is needed.
   */
  selfieBytes: 64 * 1024,
  /** At most this many photos in one search's answer (a wedding's guest is in a few dozen, a couple in hundreds). */
  resultPhotos: 500,
});

/** media answers which of these photos of a gallery one caller may see now, as its gallery screen would. */
export const visiblePhotosRequestSchema = z.object({
  code: galleryCodeSchema,
  ids: z.array(z.uuid()).max(FIND_ME_LIMITS.resultPhotos),
  /** The caller's Authorization header (the couple sees every photo), as received. */
  authorization: z.string().max(1000).optional(),
  /** The caller's guest identity token, unchecked (media verifies it): an own-only gallery shows a guest theirs. */
  guestIdentity: z.string().max(1000).optional(),
});
export type VisiblePhotosRequest = z.infer<typeof visiblePhotosRequestSchema>;

/** The photos the caller may see, as that caller's gallery screen shows them (URLs with passes where needed). */
export const visiblePhotosReplySchema = z.object({
  photos: z.array(livePhotoSchema).max(FIND_ME_LIMITS.resultPhotos),
});
export type VisiblePhotosReply = z.infer<typeof visiblePhotosReplySchema>;
