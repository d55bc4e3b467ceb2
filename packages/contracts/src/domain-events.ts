import { z } from './validation/zod.js';
import { GALLERY_CODE_PATTERN } from './gallery-code.js';
import { PLAN_IDS } from './plans/plans.js';
import { MEDIA_KINDS } from './uploads.js';
import { CHALLENGE_LIMITS, FIND_ME_LIMITS, GUESTBOOK_LIMITS } from './limits.js';
import { CUSTOM_DOMAIN_LIMITS, DOMAIN_RELEASE_REASONS } from './premium/custom-domains.js';
import { BACKUP_LIMITS } from './premium/backups.js';
import { PHOTO_VISIBILITY_MODES } from './privacy.js';

/**
 * The domain event contracts: subjects, payloads and their validation on receipt, each defined once as a zod
 * schema that gives both the TypeScript type and the runtime check. Every event travels as an envelope
 * { id, type, occurredAt, data }; `type` is also the NATS subject.
 */
export const Subjects = {
  EventCreated: 'event.created',
  PhotoUploaded: 'photo.uploaded',
  /** billing: a checkout was paid; events applies the plan. */
  PaymentSucceeded: 'payment.succeeded',
  /** billing: a payment was refunded; events reverts the plan it bought. */
  PaymentRefunded: 'payment.refunded',
  /**
   * events: a gallery's plan or expiry changed (an upgrade, its reversal after a refund, or a new wedding date
   * moving the expiry).
   */
  PlanUpgraded: 'plan.upgraded',
  /** media: a photo was removed from a gallery (download marks the gallery's zips stale). */
  PhotoDeleted: 'photo.deleted',
  /**
   * events: a gallery is gone, its grace period over or deleted by its owner: every service purges what it
   * holds of it (photos, derived images, zips, read models).
   */
  EventExpired: 'event.expired',
  /** billing: a bundle of event credits was paid (the receipt lists the credits). */
  CreditsPurchased: 'credit.purchased',
  /** billing: a credit became a gallery's plan; events applies it as it applies a payment. */
  CreditRedeemed: 'credit.redeemed',
  /** billing: a bundle's unused credits were refunded, pro rata (the confirmation mail). */
  CreditsRefunded: 'credit.refunded',
  /** events: a gallery's own domain passed its DNS check; the gateway serves the gallery on it. */
  DomainVerified: 'domain.verified',
  /** events: a gallery's domain stopped being served (removed, the plan left Premium, the gallery ended). */
  DomainReleased: 'domain.released',
  /** events: the owner let guests Download All, or stopped them (open gallery screens show or hide the button). */
  GuestDownloadsChanged: 'event.guest-downloads-changed',
  /**
   * backup: a gallery's backup to the couple's drive stopped because the gallery left Premium (a refund) or its
   * storage ended; events mails the couple.
   */
  BackupStopped: 'backup.stopped',
  /**
   * events: the couple changed the gallery's privacy settings or its PIN; carries them whole, so media applies
   * them from its own read model without asking events per request.
   */
  PrivacyChanged: 'event.privacy-changed',
  /** events: the couple changed the gallery's photo challenges (media keeps them to check and count uploads). */
  ChallengesChanged: 'event.challenges-changed',
  /**
   * media: a gallery's reveal time has come; open gallery screens load the photos that were hidden from them
   * until now.
   */
  PhotosRevealed: 'photo.revealed',
  /** media: a guest left a guestbook message (open screens and the wall show it; download keeps it for the zip). */
  GuestbookMessagePosted: 'guestbook.message-posted',
  /** media: the couple removed a guestbook message (screens drop it; download forgets it). */
  GuestbookMessageRemoved: 'guestbook.message-removed',
  /**
   * media: the couple approved a photo that was waiting (or hidden): open screens of guests who may see it add
   * it; download marks the gallery's zips stale.
   */
  PhotoApproved: 'photo.approved',
  /** media: the couple hid a photo: every open screen drops it; download marks the gallery's zips stale. */
  PhotoHidden: 'photo.hidden',
  /**
   * media: the couple's change of who sees what (a drop box, a reveal, approval, originals) is now in media's read
   * model, so open screens that read again get what they may see now; after `event.privacy-changed`, never before.
   */
  SharingChanged: 'photo.sharing-changed',
  /**
   * events: an owner signed out, ending their session on the server: the gateway closes the live sockets that
   * follow galleries with that session's token, so a copy of it left behind hears nothing a guest may not.
   */
  OwnerSessionEnded: 'owner.session-ended',
  /**
   * events: a gallery's wrong PINs reached the day's ceiling (RATE_LIMITS.pinFailuresPerGallery): no PIN is taken
   * until the day's window ends or the couple sets a new one; events mails the couple.
   */
  PinGuessingStopped: 'event.pin-guessing-stopped',
  /**
   * media: a gallery's photos reached its plan's limit (every photo counted, those waiting for approval too):
   * guests are shown it is full, and events mails the couple. Recorded once per gallery.
   */
  GalleryFull: 'photo.limit-reached',
  /**
   * events: a guest's photos-ready mail is due (the reveal came, or their morning after the wedding day); events'
   * own mail consumer sends it. Only the request's id travels: the address stays in one table, purged with the
   * gallery, and never reaches the stream.
   */
  PhotosReadyMailDue: 'event.photos-ready-mail-due',
  /** events: the couple's daily digest is due, with what waits for them; events' own mail consumer sends it. */
  OwnerDigestDue: 'event.owner-digest-due',
  /**
   * faces: the couple turned "Find me" on or off for a gallery; events keeps it, so a guest's photos-ready mail
   * links to "photos of you" only where the gallery offers them.
   */
  FindMeChanged: 'event.find-me-changed',
  /**
   * faces: how many faces "Find me" found in a photo, said each time the photo is looked at; media weighs it in
   * Highlights. A count only: no descriptor, no box, no name. Turning "Find me" off (`event.find-me-changed`)
   * makes every count of the gallery unknown again.
   */
  PhotoFacesCounted: 'photo.faces-counted',
} as const;
export type Subject = (typeof Subjects)[keyof typeof Subjects];

/** The JetStream stream holding every durable domain event. */
export const DOMAIN_STREAM = 'DOMAIN';
export const DOMAIN_STREAM_SUBJECTS = [
  'event.>',
  'photo.>',
  'plan.>',
  'payment.>',
  'archive.>',
  'credit.>',
  'domain.>',
  'backup.>',
  'guestbook.>',
  'owner.>',
];

const text = z.string().min(1);
const isoDate = z.iso.datetime({ offset: true });
const count = z.number().int().nonnegative();

export const galleryCodeSchema = z.string().regex(GALLERY_CODE_PATTERN);

export const eventCreatedSchema = z.object({
  code: galleryCodeSchema,
  name: text,
  plan: z.enum(PLAN_IDS),
  createdAt: isoDate,
  expiresAt: isoDate,
});
export type EventCreatedData = z.infer<typeof eventCreatedSchema>;

/**
 * A photo as every open gallery screen shows it: carried whole in `photo.uploaded` so the gateway never queries
 * per subscriber. The one definition of the photo: the media subgraph's Photo type, the gateway's live schema
 * and the web app's fragment are all checked against or built from it.
 */
export const livePhotoSchema = z.object({
  id: z.uuid(),
  eventCode: galleryCodeSchema,
  thumbnailUrl: text,
  previewUrl: text,
  originalUrl: text,
  width: count,
  height: count,
  createdAt: isoDate,
  /** A video is shown by its poster frame (thumbnail and preview) and played from its original. */
  kind: z.enum(MEDIA_KINDS),
  /** A video's length in seconds; null for a photo. */
  durationSeconds: z.number().nonnegative().nullable(),
  /** The name the guest who uploaded it gave (cleaned, at most MAX_GUEST_NAME_CHARS); null when none. */
  guestName: text.nullable(),
  /** The photo challenge the guest took it for; null when none. */
  challengeId: z.uuid().nullable(),
  /**
   * The table whose card's QR code it was uploaded from (table cards), so a screen showing that table's photos
   * takes it in live; null when none. Absent from events published before it travelled: those read as none.
   */
  tableNumber: count.nullable().optional(),
  /**
   * The id of the guest identity that uploaded it (a browser's, signed by the server: GuestIdentities in
   * @gallery/platform; never an address); null when none. The id alone is no credential. Absent from events
   * published before it existed, which the stream still holds for a while: those read as none.
   */
  uploaderId: z.string().min(1).max(100).nullable().optional(),
  /**
   * Guests' hearts on it (one per guest identity). Absent from events published before hearts existed; a new
   * photo has none, and later counts travel in the batched live heart counts (hearts.ts), not as photo events.
   */
  heartCount: count.optional(),
});
export type LivePhoto = z.infer<typeof livePhotoSchema>;
/** The photo's field names, in the order the schema lists them: what a query selects to get a whole photo. */
export const LIVE_PHOTO_FIELDS = Object.keys(livePhotoSchema.shape) as (keyof LivePhoto)[];

export const photoUploadedSchema = z.object({
  photo: livePhotoSchema,
  photoCount: count,
  /**
   * false when guests other than its uploader may not see it yet (a drop box, a reveal to come): open screens
   * are not sent it. Absent: shared, as every photo was before privacy settings.
   */
  shared: z.boolean().optional(),
  /**
   * true while it waits for the couple's approval (with `shared: false`): no open screen is sent it, the couple's
   * neither (their gallery shows approved photos; the queue reads the waiting ones), until `photo.approved`.
   */
  awaitingApproval: z.boolean().optional(),
});
export type PhotoUploadedData = z.infer<typeof photoUploadedSchema>;

const planId = z.enum(PLAN_IDS);
const amountCents = z.number().int().nonnegative();
const currency = z.string().regex(/^[a-z]{3}$/);

export const paymentSucceededSchema = z.object({
  /** billing's id for the payment: the key events uses to apply it once and to revert it on refund. */
  paymentId: z.uuid(),
  eventCode: galleryCodeSchema,
  /** The plan the gallery had when the checkout was priced, and the plan bought. */
  fromPlan: planId,
  plan: planId,
  amountCents,
  currency,
  paidAt: isoDate,
});
export type PaymentSucceededData = z.infer<typeof paymentSucceededSchema>;

export const paymentRefundedSchema = z.object({
  paymentId: z.uuid(),
  eventCode: galleryCodeSchema,
  /** The plan the payment had bought, and the plan the gallery returns to. */
  plan: planId,
  revertTo: planId,
  amountCents,
  currency,
  refundedAt: isoDate,
});
export type PaymentRefundedData = z.infer<typeof paymentRefundedSchema>;

export const planUpgradedSchema = z.object({
  code: galleryCodeSchema,
  previousPlan: planId,
  plan: planId,
  expiresAt: isoDate,
  /** A payment applied, a refunded one reverted, or the wedding date changed (the plan stays, the expiry moves). */
  reason: z.enum(['payment', 'refund', 'wedding-date']),
  /** The payment applied or reverted; absent for a wedding date. */
  paymentId: z.uuid().optional(),
});
export type PlanUpgradedData = z.infer<typeof planUpgradedSchema>;

export const photoDeletedSchema = z.object({
  photoId: z.uuid(),
  eventCode: galleryCodeSchema,
  /** The challenge the photo was taken for (open screens lower its count); null or absent when none. */
  challengeId: z.uuid().nullable().optional(),
  /** The table whose card tagged the photo (open screens lower its count); null or absent when none. */
  tableNumber: count.nullable().optional(),
  /** The gallery's photo count after the deletion. */
  photoCount: count,
  /** false while the gallery's photos are not shared with every guest: open screens are not told. */
  shared: z.boolean().optional(),
});
export type PhotoDeletedData = z.infer<typeof photoDeletedSchema>;

export const eventExpiredSchema = z.object({
  code: galleryCodeSchema,
  /** `expired`: the grace period after its storage ended is over; `deleted`: its owner deleted it. */
  reason: z.enum(['expired', 'deleted']),
});
export type EventExpiredData = z.infer<typeof eventExpiredSchema>;

export const creditsPurchasedSchema = z.object({
  purchaseId: z.uuid(),
  /** The catalogue's bundle id (`standard-3`) and how many of it the checkout bought. */
  bundleId: text,
  plan: planId,
  quantity: z.number().int().positive(),
  credits: z.number().int().positive(),
  amountCents,
  currency,
  paidAt: isoDate,
  /** When the unused credits lapse (CREDIT_VALIDITY_DAYS after the payment). */
  expiresAt: isoDate,
});
export type CreditsPurchasedData = z.infer<typeof creditsPurchasedSchema>;

export const creditRedeemedSchema = z.object({
  /** The credit's id: the key events applies it once by, as it does a payment's id. */
  creditId: z.uuid(),
  purchaseId: z.uuid(),
  eventCode: galleryCodeSchema,
  /** The plan the gallery had when the credit was redeemed, and the credit's plan. */
  fromPlan: planId,
  plan: planId,
  redeemedAt: isoDate,
});
export type CreditRedeemedData = z.infer<typeof creditRedeemedSchema>;

export const creditsRefundedSchema = z.object({
  purchaseId: z.uuid(),
  /** Credits given back (the unused ones) out of the purchase's total. */
  refundedCredits: z.number().int().positive(),
  totalCredits: z.number().int().positive(),
  amountCents,
  currency,
  refundedAt: isoDate,
});
export type CreditsRefundedData = z.infer<typeof creditsRefundedSchema>;
export const customHostSchema = z.string().min(4).max(CUSTOM_DOMAIN_LIMITS.hostChars);

export const domainVerifiedSchema = z.object({ code: galleryCodeSchema, host: customHostSchema });
export type DomainVerifiedData = z.infer<typeof domainVerifiedSchema>;

export const domainReleasedSchema = z.object({
  code: galleryCodeSchema,
  host: customHostSchema,
  reason: z.enum(DOMAIN_RELEASE_REASONS),
});
export type DomainReleasedData = z.infer<typeof domainReleasedSchema>;
export const guestDownloadsChangedSchema = z.object({
  code: galleryCodeSchema,
  allowed: z.boolean(),
  /** The gallery's plan and expiry as they are: every live update of a gallery carries them. */
  plan: planId,
  expiresAt: isoDate,
});
export type GuestDownloadsChangedData = z.infer<typeof guestDownloadsChangedSchema>;

export const backupStoppedSchema = z.object({
  code: galleryCodeSchema,
  /** 'plan': a refund took the gallery off Premium; 'expired': its storage period ended. */
  reason: z.enum(['plan', 'expired']),
  /** The drive's folder address (no credentials), named in the mail. */
  address: z.string().min(1).max(BACKUP_LIMITS.urlChars),
});
export type BackupStoppedData = z.infer<typeof backupStoppedSchema>;

export const photosReadyMailDueSchema = z.object({ code: galleryCodeSchema, requestId: z.uuid() });
export type PhotosReadyMailDueData = z.infer<typeof photosReadyMailDueSchema>;

/** What waits for the couple on `day` (yyyy-mm-dd, UTC): at least one of them, or no digest is due. */
export const ownerDigestDueSchema = z.object({
  code: galleryCodeSchema,
  day: z.iso.date(),
  waitingPhotos: count,
  waitingMessages: count,
  /** When storage ends, when it ends within RETURN_MAIL_LIMITS.storageEndingDays; else null. */
  storageEndsAt: isoDate.nullable(),
  /** Whether the backup to the couple's drive stopped because the gallery left Premium. */
  backupStopped: z.boolean(),
});
export type OwnerDigestDueData = z.infer<typeof ownerDigestDueSchema>;

export const pinGuessingStoppedSchema = z.object({
  code: galleryCodeSchema,
  /** Wrong PINs tried at the gallery in the window. */
  wrongPins: count,
  /** When PINs are taken again, unless the couple sets a new one first. */
  until: isoDate,
});
export type PinGuessingStoppedData = z.infer<typeof pinGuessingStoppedSchema>;

export const galleryFullSchema = z.object({
  code: galleryCodeSchema,
  /** The plan's photo limit the gallery reached. */
  photoLimit: z.number().int().positive(),
});
export type GalleryFullData = z.infer<typeof galleryFullSchema>;
/**
 * A gallery's privacy settings as they now are, whole (not a diff): a consumer that missed one change is right
 * again at the next. New settings (a drop box, a reveal time, approval) are new fields or new `visibility` values.
 */
export const privacyChangedSchema = z.object({
  code: galleryCodeSchema,
  /** Who sees which photos (PHOTO_VISIBILITY_MODES). */
  visibility: z.enum(PHOTO_VISIBILITY_MODES),
  /** With `reveal`: when every guest starts seeing every photo; null otherwise. Absent from older events. */
  revealAt: isoDate.nullable().optional(),
  /** When uploads open; null: from the gallery's creation. */
  uploadsOpenAt: isoDate.nullable(),
  /** When uploads close; null: at the plan's expiry. */
  uploadsCloseAt: isoDate.nullable(),
  /** Whether guests may download single originals (the couple always may). */
  guestOriginals: z.boolean(),
  /**
   * Whether the couple's own downloads (a single original, Download All) are the untouched originals, location
   * and all; false: the guests' copies (no location, serial numbers or names). Absent from older events: true.
   */
  ownerDownloadsKeepMetadata: z.boolean().optional(),
  /** Whether new guest photos wait for the couple's approval. Absent from older events: off. */
  approval: z.boolean().optional(),
  /**
   * The gallery PIN as it now is (never the PIN itself): `set` whether guests need it; `version` a per-gallery
   * count that grows with every set, change and removal, and with a reset of the wall links while it is set
   * (their keys are passes) (0: never set since creation), so a consumer keeps the newest it heard of whatever
   * order events arrive in, and an admission given under one version is worthless under the next. Also
   * published when only the PIN changed. Absent from older events: unknown.
   */
  pin: z.object({ set: z.boolean(), version: count }).optional(),
});
export type PrivacyChangedData = z.infer<typeof privacyChangedSchema>;
/** One photo challenge as the couple wrote it: its id stays while its prompt is edited. */
export const challengeSchema = z.object({
  id: z.uuid(),
  prompt: z
    .string()
    .min(1)
    .max(CHALLENGE_LIMITS.promptChars * 4),
});
export type Challenge = z.infer<typeof challengeSchema>;

/** The gallery's whole list of challenges, in the couple's order, after a change (an empty list: none). */
export const challengesChangedSchema = z.object({
  code: galleryCodeSchema,
  challenges: z.array(challengeSchema).max(CHALLENGE_LIMITS.promptsPerGallery),
});
export type ChallengesChangedData = z.infer<typeof challengesChangedSchema>;

/** Whether guests of the gallery may now look for themselves with a selfie ("Find me"). */
export const findMeChangedSchema = z.object({ code: galleryCodeSchema, on: z.boolean() });
export type FindMeChangedData = z.infer<typeof findMeChangedSchema>;

/** The faces found in one photo of a gallery with "Find me" on (0: looked at, nobody found). */
export const photoFacesCountedSchema = z.object({
  eventCode: galleryCodeSchema,
  photoId: z.uuid(),
  faces: count.max(FIND_ME_LIMITS.facesPerPhoto),
});
export type PhotoFacesCountedData = z.infer<typeof photoFacesCountedSchema>;

/** A gallery's reveal moment: every guest now sees every photo. */
export const photosRevealedSchema = z.object({ code: galleryCodeSchema, revealAt: isoDate });
export type PhotosRevealedData = z.infer<typeof photosRevealedSchema>;
/** A guestbook message as every screen shows it and the zip's page lists it. */
export const guestbookMessageSchema = z.object({
  id: z.uuid(),
  eventCode: galleryCodeSchema,
  /** The cleaned text (GUESTBOOK_LIMITS), plain text with line breaks; markup in it is shown as text. */
  text: z
    .string()
    .min(1)
    .max(GUESTBOOK_LIMITS.messageChars * 4),
  /** The name the guest gave in the gallery (cleaned, at most MAX_GUEST_NAME_CHARS); null when none. */
  guestName: text.nullable(),
  createdAt: isoDate,
});
export type GuestbookMessage = z.infer<typeof guestbookMessageSchema>;

export const guestbookMessagePostedSchema = z.object({ message: guestbookMessageSchema });
export type GuestbookMessagePostedData = z.infer<typeof guestbookMessagePostedSchema>;

export const guestbookMessageRemovedSchema = z.object({ id: z.uuid(), eventCode: galleryCodeSchema });
export type GuestbookMessageRemovedData = z.infer<typeof guestbookMessageRemovedSchema>;

/** A photo the couple approved, whole, as `photo.uploaded` carries it. */
export const photoApprovedSchema = z.object({
  photo: livePhotoSchema,
  /** How many photos guests now see in the gallery (approved ones). */
  photoCount: count,
  /** false while the gallery's photos are not shared with every guest: open screens are not sent it. */
  shared: z.boolean().optional(),
});
export type PhotoApprovedData = z.infer<typeof photoApprovedSchema>;

/** A photo the couple hid: screens drop it as they drop a deleted one. */
export const photoHiddenSchema = z.object({
  photoId: z.uuid(),
  eventCode: galleryCodeSchema,
  challengeId: z.uuid().nullable().optional(),
  /** How many photos guests now see in the gallery (approved ones). */
  photoCount: count,
  /** false while the gallery's photos are not shared with every guest: only the couple and its uploader are told. */
  shared: z.boolean().optional(),
  /**
   * With `shared: false`, its uploader (a guest identity): the SHA-256 of their identity token (base64url, see
   * guestIdentityTokenDigest in @gallery/platform) and how many photos they now see, so the gateway drops it
   * from the screens of the sockets that presented that token. The token itself never travels.
   */
  uploader: z.object({ tokenDigest: z.string().regex(/^[A-Za-z0-9_-]{43}$/), photoCount: count }).optional(),
});
export type PhotoHiddenData = z.infer<typeof photoHiddenSchema>;

/** Only which gallery: each screen reads again what it may see, the settings stay off the socket. */
export const sharingChangedSchema = z.object({ code: galleryCodeSchema });
export type SharingChangedData = z.infer<typeof sharingChangedSchema>;

/** The ended session's token as its SHA-256 (base64url): enough to recognise it, nothing to sign in with. */
export const ownerSessionEndedSchema = z.object({ tokenDigest: z.string().regex(/^[A-Za-z0-9_-]{43}$/) });
export type OwnerSessionEndedData = z.infer<typeof ownerSessionEndedSchema>;

const dataSchemas = {
  'event.created': eventCreatedSchema,
  'photo.uploaded': photoUploadedSchema,
  'payment.succeeded': paymentSucceededSchema,
  'payment.refunded': paymentRefundedSchema,
  'plan.upgraded': planUpgradedSchema,
  'photo.deleted': photoDeletedSchema,
  'event.expired': eventExpiredSchema,
  'credit.purchased': creditsPurchasedSchema,
  'credit.redeemed': creditRedeemedSchema,
  'credit.refunded': creditsRefundedSchema,
  'domain.verified': domainVerifiedSchema,
  'domain.released': domainReleasedSchema,
  'event.guest-downloads-changed': guestDownloadsChangedSchema,
  'backup.stopped': backupStoppedSchema,
  'event.privacy-changed': privacyChangedSchema,
  'event.challenges-changed': challengesChangedSchema,
  'photo.revealed': photosRevealedSchema,
  'guestbook.message-posted': guestbookMessagePostedSchema,
  'guestbook.message-removed': guestbookMessageRemovedSchema,
  'photo.approved': photoApprovedSchema,
  'photo.hidden': photoHiddenSchema,
  'photo.sharing-changed': sharingChangedSchema,
  'owner.session-ended': ownerSessionEndedSchema,
  'event.pin-guessing-stopped': pinGuessingStoppedSchema,
  'photo.limit-reached': galleryFullSchema,
  'event.photos-ready-mail-due': photosReadyMailDueSchema,
  'event.owner-digest-due': ownerDigestDueSchema,
  'event.find-me-changed': findMeChangedSchema,
  'photo.faces-counted': photoFacesCountedSchema,
} satisfies Record<Subject, z.ZodType>;

export interface EventData {
  'event.created': EventCreatedData;
  'photo.uploaded': PhotoUploadedData;
  'payment.succeeded': PaymentSucceededData;
  'payment.refunded': PaymentRefundedData;
  'plan.upgraded': PlanUpgradedData;
  'photo.deleted': PhotoDeletedData;
  'event.expired': EventExpiredData;
  'credit.purchased': CreditsPurchasedData;
  'credit.redeemed': CreditRedeemedData;
  'credit.refunded': CreditsRefundedData;
  'domain.verified': DomainVerifiedData;
  'domain.released': DomainReleasedData;
  'event.guest-downloads-changed': GuestDownloadsChangedData;
  'backup.stopped': BackupStoppedData;
  'event.privacy-changed': PrivacyChangedData;
  'event.challenges-changed': ChallengesChangedData;
  'photo.revealed': PhotosRevealedData;
  'guestbook.message-posted': GuestbookMessagePostedData;
  'guestbook.message-removed': GuestbookMessageRemovedData;
  'photo.approved': PhotoApprovedData;
  'photo.hidden': PhotoHiddenData;
  'photo.sharing-changed': SharingChangedData;
  'owner.session-ended': OwnerSessionEndedData;
  'event.pin-guessing-stopped': PinGuessingStoppedData;
  'photo.limit-reached': GalleryFullData;
  'event.photos-ready-mail-due': PhotosReadyMailDueData;
  'event.owner-digest-due': OwnerDigestDueData;
  'event.find-me-changed': FindMeChangedData;
  'photo.faces-counted': PhotoFacesCountedData;
}

export interface DomainEvent<S extends Subject = Subject> {
  id: string;
  type: S;
  occurredAt: string;
  data: EventData[S];
}

const envelopeSchema = z.object({
  id: z.uuid(),
  type: z.enum(Object.keys(dataSchemas) as [Subject, ...Subject[]]),
  occurredAt: isoDate,
  data: z.unknown(),
});

export class InvalidEventError extends Error {}

export function isSubject(value: unknown): value is Subject {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(dataSchemas, value);
}

/** Parses and validates an envelope received from the bus; throws InvalidEventError when it breaks the contract. */
export function parseDomainEvent(raw: string | Uint8Array): DomainEvent {
  let value: unknown;
  try {
    value = JSON.parse(typeof raw === 'string' ? raw : new TextDecoder().decode(raw));
  } catch {
    throw new InvalidEventError('event is not JSON');
  }
  const envelope = envelopeSchema.safeParse(value);
  if (!envelope.success) throw new InvalidEventError('event envelope is incomplete');
  const data = dataSchemas[envelope.data.type].safeParse(envelope.data.data);
  if (!data.success) throw new InvalidEventError(`${envelope.data.type} data breaks its contract`);
  return { ...envelope.data, data: data.data } as DomainEvent;
}
