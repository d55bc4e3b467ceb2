import { z } from './validation/zod.js';
import { galleryCodeSchema, livePhotoSchema } from './domain-events.js';
import { FIND_ME_LIMITS } from './limits.js';

// "Find me" (services/faces): what the faces service asks media, so a search keeps the gallery's privacy settings.
// Its limits are in limits.ts, which the web app reads without these schemas.

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
