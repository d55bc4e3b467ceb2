import type { z } from './zod.js';
import {
  downloadPermissionReplySchema,
  downloadPermissionRequestSchema,
  galleryPhotosReplySchema,
  galleryPhotosRequestSchema,
} from './downloads.js';
import {
  galleryLookupReplySchema,
  galleryLookupRequestSchema,
  galleryStateReplySchema,
  galleryStateRequestSchema,
  ownerAuthorizationReplySchema,
  ownerAuthorizationRequestSchema,
  Requests,
} from './events.js';
import { guestAdmissionReplySchema, guestAdmissionRequestSchema } from './gallery-pin.js';

/** One request/reply between services: its subject and the zod schemas of what is sent and what comes back. */
export interface RequestContract<Request, Reply> {
  subject: string;
  request: z.ZodType<Request>;
  reply: z.ZodType<Reply>;
}

function contract<Request, Reply>(
  subject: string,
  request: z.ZodType<Request>,
  reply: z.ZodType<Reply>,
): RequestContract<Request, Reply> {
  return { subject, request, reply };
}

/** Every request one service makes of another, by name: what `askService` in @gallery/platform takes. */
export const RequestContracts = {
  GalleryLookup: contract(Requests.GalleryLookup, galleryLookupRequestSchema, galleryLookupReplySchema),
  OwnerAuthorization: contract(
    Requests.OwnerAuthorization,
    ownerAuthorizationRequestSchema,
    ownerAuthorizationReplySchema,
  ),
  GalleryPhotos: contract(Requests.GalleryPhotos, galleryPhotosRequestSchema, galleryPhotosReplySchema),
  DownloadPermission: contract(
    Requests.DownloadPermission,
    downloadPermissionRequestSchema,
    downloadPermissionReplySchema,
  ),
  GuestAdmission: contract(Requests.GuestAdmission, guestAdmissionRequestSchema, guestAdmissionReplySchema),
  GalleryState: contract(Requests.GalleryState, galleryStateRequestSchema, galleryStateReplySchema),
} as const;
