import { z } from './validation/zod.js';
import {
  downloadPermissionReplySchema,
  downloadPermissionRequestSchema,
  galleryPhotosReplySchema,
  galleryPhotosRequestSchema,
  GUEST_COPY_REQUEST_TIMEOUT_MS,
  guestCopyReplySchema,
  guestCopyRequestSchema,
} from './downloads.js';
import { customHostSchema, eventCreatedSchema, galleryCodeSchema } from './domain-events.js';
import { visiblePhotosReplySchema, visiblePhotosRequestSchema } from './faces.js';
import { guestAdmissionReplySchema, guestAdmissionRequestSchema } from './gallery-pin-admission.js';
import { PLAN_IDS } from './plans/plans.js';

// Every service request: its subject (Requests), the schemas of what is asked and what comes back (those of
// downloads, backups, faces and the gallery PIN live beside their feature and are listed here), and the contract
// askService and every responder (@AnswersRequest) are built from (RequestContracts). Domain events are in
// domain-events.ts.

const isoDate = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

/** How long the gateway waits for events to say which gallery a custom host shows. */
export const CUSTOM_DOMAIN_LOOKUP_TIMEOUT_MS = 2000;

/**
 * Request/reply between services over core NATS with Nest's transport (not JetStream: an answer is only useful
 * now). Subjects sit outside the domain stream's subjects, so requests are never stored as events.
 */
export const Requests = {
  /** media asks events about a gallery its read model has not heard of yet (created a moment ago). */
  GalleryLookup: 'rpc.events.gallery-lookup',
  /**
   * Another service asks events whether a request's Authorization header belongs to a gallery's owner: events
   * holds the owner credentials, so ownership is decided in one place and no other service keeps a secret.
   */
  OwnerAuthorization: 'rpc.events.owner-authorization',
  /** download asks media for a gallery's photos, a page at a time, to put their originals in a zip. */
  GalleryPhotos: 'rpc.media.gallery-photos',
  /**
   * download and backup ask media for a photo's guests' copy still to be made (media makes one when it is first
   * needed: a guest's original, a zip or a backup without metadata).
   */
  GuestCopy: 'rpc.media.guest-copy',
  /** download asks events whether a caller may download a whole gallery (owner, or guests when allowed). */
  DownloadPermission: 'rpc.events.download-permission',
  /** billing asks events whose owner session a request's Authorization header is (buying and listing credits). */
  SessionOwner: 'rpc.events.session-owner',
  /** Media, download and the gateway ask events whether a guest request may reach a gallery with a PIN. */
  GuestAdmission: 'rpc.events.guest-admission',
  /** The gateway asks events which gallery a verified custom domain shows (cached briefly, see the gateway). */
  CustomDomainLookup: 'rpc.events.custom-domain',
  /**
   * The gateway asks events for a gallery's plan, expiry and guest downloads as they are now: the first message
   * of an `eventUpdated` subscription, so a screen that read the gallery a moment before it listened misses nothing.
   */
  GalleryState: 'rpc.events.gallery-state',
  /** events asks media how many photos and guestbook messages wait for the couple's approval (the daily digest). */
  ReviewWaiting: 'rpc.media.review-waiting',
  /** faces asks media which photos a search found the caller may see (the gallery's privacy settings decide). */
  VisiblePhotos: 'rpc.media.visible-photos',
} as const;

export const reviewWaitingRequestSchema = z.object({ code: galleryCodeSchema });
export type ReviewWaitingRequest = z.infer<typeof reviewWaitingRequestSchema>;
export const reviewWaitingReplySchema = z.object({ photos: count, messages: count });
export type ReviewWaitingReply = z.infer<typeof reviewWaitingReplySchema>;

export const galleryLookupRequestSchema = z.object({ code: galleryCodeSchema });
export type GalleryLookupRequest = z.infer<typeof galleryLookupRequestSchema>;
/** The gallery as event.created described it, or null when no gallery has this code. */
export const galleryLookupReplySchema = z.object({ gallery: eventCreatedSchema.nullable() });
export type GalleryLookupReply = z.infer<typeof galleryLookupReplySchema>;

export const galleryStateRequestSchema = z.object({ code: galleryCodeSchema });
export type GalleryStateRequest = z.infer<typeof galleryStateRequestSchema>;
/** A gallery's plan, expiry and whether guests may Download All, as they are now; null when no gallery has this code. */
export const galleryStateReplySchema = z.object({
  state: z
    .object({
      code: galleryCodeSchema,
      plan: z.enum(PLAN_IDS),
      expiresAt: isoDate,
      guestDownloadsAllowed: z.boolean(),
    })
    .nullable(),
});
export type GalleryStateReply = z.infer<typeof galleryStateReplySchema>;

export const ownerAuthorizationRequestSchema = z.object({
  code: galleryCodeSchema,
  /** The caller's Authorization header as received (`Bearer ...`), or absent. */
  authorization: z.string().max(1000).optional(),
});
export type OwnerAuthorizationRequest = z.infer<typeof ownerAuthorizationRequestSchema>;
/**
 * `gallery` null: no gallery has this code. `owner` null: it exists but the caller is not its owner. The owner's
 * email only travels to the service that asked, for the mail it sends on the owner's behalf (a receipt).
 */
export const ownerAuthorizationReplySchema = z.object({
  gallery: eventCreatedSchema.nullable(),
  owner: z
    .object({
      email: z.string().min(3).max(254),
      /**
       * The plan the gallery's own order still waits to be paid for (a new gallery ordered on a paid plan), null
       * once paid or for a Free order: a checkout for it is the order's one purchase, not an upgrade.
       */
      awaitingPlan: z.enum(PLAN_IDS).nullable().optional(),
    })
    .nullable(),
});
export type OwnerAuthorizationReply = z.infer<typeof ownerAuthorizationReplySchema>;

export const sessionOwnerRequestSchema = z.object({
  /** The caller's Authorization header as received (`Bearer ...`), or absent. */
  authorization: z.string().max(1000).optional(),
});
export type SessionOwnerRequest = z.infer<typeof sessionOwnerRequestSchema>;
/** The email of the live owner session the header names, or null (no session, expired, signed out). */
export const sessionOwnerReplySchema = z.object({ email: z.string().min(3).max(254).nullable() });
export type SessionOwnerReply = z.infer<typeof sessionOwnerReplySchema>;
export const customDomainLookupRequestSchema = z.object({ host: customHostSchema });
export type CustomDomainLookupRequest = z.infer<typeof customDomainLookupRequestSchema>;
/** The gallery a verified domain shows, or null when the host is no verified domain. */
export const customDomainLookupReplySchema = z.object({ code: galleryCodeSchema.nullable() });
export type CustomDomainLookupReply = z.infer<typeof customDomainLookupReplySchema>;

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
  SessionOwner: contract(Requests.SessionOwner, sessionOwnerRequestSchema, sessionOwnerReplySchema),
  /** The gateway asks on a request's path: a short wait, its remembered answers cover the rest. */
  CustomDomainLookup: contract(
    Requests.CustomDomainLookup,
    customDomainLookupRequestSchema,
    customDomainLookupReplySchema,
    CUSTOM_DOMAIN_LOOKUP_TIMEOUT_MS,
  ),
} as const;
