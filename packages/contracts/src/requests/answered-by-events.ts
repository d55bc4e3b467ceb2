import { z } from '../validation/zod.js';
import { downloadPermissionReplySchema, downloadPermissionRequestSchema } from '../downloads.js';
import { customHostSchema, eventCreatedSchema, galleryCodeSchema } from '../domain-events.js';
import { guestAdmissionReplySchema, guestAdmissionRequestSchema } from '../gallery-pin-admission.js';
import { PLAN_IDS } from '../plans/plans.js';
import { contract } from './contract.js';

// What the events service answers: it holds the galleries, their owners and sessions, PINs and custom domains.
// The schemas of the download permission and the PIN's admission live beside their features.

const isoDate = z.iso.datetime({ offset: true });

/** How long the gateway waits for events to say which gallery a custom host shows. */
export const CUSTOM_DOMAIN_LOOKUP_TIMEOUT_MS = 2000;

export const EventsRequests = {
  /** media asks events about a gallery its read model has not heard of yet (created a moment ago). */
  GalleryLookup: 'rpc.events.gallery-lookup',
  /**
   * Another service asks events whether a request's Authorization header belongs to a gallery's owner: events
   * holds the owner credentials, so ownership is decided in one place and no other service keeps a secret.
   */
  OwnerAuthorization: 'rpc.events.owner-authorization',
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
} as const;

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

export const EventsRequestContracts = {
  GalleryLookup: contract(EventsRequests.GalleryLookup, galleryLookupRequestSchema, galleryLookupReplySchema),
  OwnerAuthorization: contract(
    EventsRequests.OwnerAuthorization,
    ownerAuthorizationRequestSchema,
    ownerAuthorizationReplySchema,
  ),
  DownloadPermission: contract(
    EventsRequests.DownloadPermission,
    downloadPermissionRequestSchema,
    downloadPermissionReplySchema,
  ),
  SessionOwner: contract(EventsRequests.SessionOwner, sessionOwnerRequestSchema, sessionOwnerReplySchema),
  GuestAdmission: contract(
    EventsRequests.GuestAdmission,
    guestAdmissionRequestSchema,
    guestAdmissionReplySchema,
  ),
  /** The gateway asks on a request's path: a short wait, its remembered answers cover the rest. */
  CustomDomainLookup: contract(
    EventsRequests.CustomDomainLookup,
    customDomainLookupRequestSchema,
    customDomainLookupReplySchema,
    CUSTOM_DOMAIN_LOOKUP_TIMEOUT_MS,
  ),
  GalleryState: contract(EventsRequests.GalleryState, galleryStateRequestSchema, galleryStateReplySchema),
} as const;
