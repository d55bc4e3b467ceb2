import type { z } from './zod.js';
import {
  downloadPermissionReplySchema,
  downloadPermissionRequestSchema,
  galleryPhotosReplySchema,
  galleryPhotosRequestSchema,
  GUEST_COPY_REQUEST_TIMEOUT_MS,
  guestCopyReplySchema,
  guestCopyRequestSchema,
} from './downloads.js';
import {
  galleryLookupReplySchema,
  galleryLookupRequestSchema,
  galleryStateReplySchema,
  galleryStateRequestSchema,
  ownerAuthorizationReplySchema,
  ownerAuthorizationRequestSchema,
  Requests,
  reviewWaitingReplySchema,
  reviewWaitingRequestSchema,
} from './events.js';
import { visiblePhotosReplySchema, visiblePhotosRequestSchema } from './faces.js';
import { guestAdmissionReplySchema, guestAdmissionRequestSchema } from './gallery-pin.js';

/** One request/reply between services: its subject and the zod schemas of what is sent and what comes back. */
export interface RequestContract<Request, Reply> {
  subject: string;
  request: z.ZodType<Request>;
  reply: z.ZodType<Reply>;
  /** How long an asker waits for the answer, when not the usual SERVICE_REQUEST_TIMEOUT_MS (@gallery/platform). */
  timeoutMs?: number;
}

function contract<Request, Reply>(
  subject: string,
  request: z.ZodType<Request>,
  reply: z.ZodType<Reply>,
  timeoutMs?: number,
): RequestContract<Request, Reply> {
  return { subject, request, reply, ...(timeoutMs === undefined ? {} : { timeoutMs }) };
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
  GuestCopy: contract(
    Requests.GuestCopy,
    guestCopyRequestSchema,
    guestCopyReplySchema,
    GUEST_COPY_REQUEST_TIMEOUT_MS,
  ),
  DownloadPermission: contract(
    Requests.DownloadPermission,
    downloadPermissionRequestSchema,
    downloadPermissionReplySchema,
  ),
  GuestAdmission: contract(Requests.GuestAdmission, guestAdmissionRequestSchema, guestAdmissionReplySchema),
  GalleryState: contract(Requests.GalleryState, galleryStateRequestSchema, galleryStateReplySchema),
  ReviewWaiting: contract(Requests.ReviewWaiting, reviewWaitingRequestSchema, reviewWaitingReplySchema),
  VisiblePhotos: contract(Requests.VisiblePhotos, visiblePhotosRequestSchema, visiblePhotosReplySchema),
} as const;
