import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLID,
  GraphQLInt,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  type GraphQLFieldConfig,
  type ExecutionResult,
  type GraphQLOutputType,
} from 'graphql';
import {
  isGalleryCode,
  type OperationAccess,
  normalizeEventCode,
  PLAN_IDS,
  type ArchiveProgress,
  type GuestbookMessage,
  type GuestbookMessageRemovedData,
  type HeartCounts,
  type LivePhoto,
  type PlanId,
} from '@gallery/contracts';
import { AppError } from '@gallery/platform/edge';
import { archiveProgressType } from './archive-progress-type.js';
import type { LiveAudience } from './live-admission.js';
import { photoType } from './photo-type.js';

/**
 * A gallery's plan and expiry as they are now: what `eventUpdated` pushes first (the gallery as it is when the
 * subscription starts, with whether guests may Download All) and after an upgrade, a refund or a new wedding date;
 * and whether guests may Download All, when that is what changed.
 */
export interface EventUpdate {
  code: string;
  plan: PlanId;
  expiresAt: string;
  /** In the first message, and when the owner let guests Download All or stopped them; absent for other changes. */
  guestDownloadsAllowed?: boolean;
}

/** What a subscription's source stream yields: the event itself is the root value of the selection. */
export interface PhotoAddedEvent {
  photoAdded: LivePhoto;
}
export interface EventUpdatedEvent {
  eventUpdated: EventUpdate;
}
export interface ArchiveProgressEvent {
  archiveProgress: ArchiveProgress;
}
/** A photo the owner removed: every open screen drops it; photoCount is the gallery's count after it. */
export interface PhotoRemoval {
  photoId: string;
  eventCode: string;
  photoCount: number;
  /** The photo challenge it was taken for, whose count open screens lower; null or absent when none. */
  challengeId?: string | null;
  /** The table whose card tagged it, whose count open screens lower; null or absent when none. */
  tableNumber?: number | null;
}
export interface PhotoRemovedEvent {
  photoRemoved: PhotoRemoval;
}
/** A gallery's reveal moment: open screens load the photos that were hidden from their guest until now. */
export interface PhotosReveal {
  eventCode: string;
  revealAt: string;
}
export interface PhotosRevealedEvent {
  photosRevealed: PhotosReveal;
}
/** A batch of new heart counts of one gallery's photos (at most one per gallery and second from each media). */
export interface HeartCountsChangedEvent {
  heartCountsChanged: HeartCounts;
}
export interface GuestbookMessageAddedEvent {
  guestbookMessageAdded: GuestbookMessage;
}
export interface GuestbookMessageRemovedEvent {
  guestbookMessageRemoved: GuestbookMessageRemovedData;
}
/**
 * The couple changed who sees which photos: open screens read the gallery again. Nothing of the settings
 * themselves: a screen reads what it may see from the gallery (`Event.privacy`, its photos).
 */
export interface GallerySettingsChange {
  eventCode: string;
}
export interface GallerySettingsChangedEvent {
  gallerySettingsChanged: GallerySettingsChange;
}
export type LiveEvent =
  | PhotoAddedEvent
  | EventUpdatedEvent
  | ArchiveProgressEvent
  | PhotoRemovedEvent
  | PhotosRevealedEvent
  | HeartCountsChangedEvent
  | GuestbookMessageAddedEvent
  | GuestbookMessageRemovedEvent
  | GallerySettingsChangedEvent;
/** The subscription fields, one per kind of live event: a listener hears one of them for one gallery. */
export type LiveField =
  | 'photoAdded'
  | 'eventUpdated'
  | 'archiveProgress'
  | 'photoRemoved'
  | 'photosRevealed'
  | 'heartCountsChanged'
  | 'guestbookMessageAdded'
  | 'guestbookMessageRemoved'
  | 'gallerySettingsChanged';

/**
 * What the subscribe resolver needs of the socket: a way to make its client re-read when it falls behind; and,
 * from a socket server that writes results itself, where each result goes (the fan-out then calls it as each
 * event comes instead of yielding results through the subscription's async iterator).
 */
export interface LiveContext {
  fellBehind(): void;
  deliver?(result: ExecutionResult): void;
  /**
   * Whether the socket may follow this gallery, and as whom (see LiveAdmission): the couple also hears what
   * guests may not see. It throws the refusal (PIN_REQUIRED, SERVICE_UNAVAILABLE). Without it: as a guest.
   */
  admit?(code: string): Promise<LiveAudience>;
  /**
   * The digest of the guest identity token the socket presented (guestIdentityTokenDigest), if any: a guest's
   * subscription also hears what concerns that identity's own photos (a hidden one leaving their screen).
   */
  guestTokenDigest?: string;
}

export type Listen = (
  field: LiveField,
  eventCode: string,
  fellBehind: () => void,
  audience: LiveAudience,
  guestTokenDigest?: string,
) => AsyncIterable<LiveEvent>;

/** The supergraph's Plan enum: its values are the plan ids in upper case. */
function planType(): GraphQLEnumType {
  return new GraphQLEnumType({
    name: 'Plan',
    values: Object.fromEntries(PLAN_IDS.map((plan) => [plan.toUpperCase(), { value: plan }])),
  });
}

function eventUpdateType(): GraphQLObjectType {
  return new GraphQLObjectType({
    name: 'EventUpdate',
    description:
      "A gallery's plan and expiry: first as they are when the subscription starts, then after an upgrade, a refund, a new wedding date or a change of its guest downloads",
    fields: {
      code: { type: new GraphQLNonNull(GraphQLString) },
      plan: { type: new GraphQLNonNull(planType()) },
      expiresAt: { type: new GraphQLNonNull(GraphQLString) },
      guestDownloadsAllowed: {
        type: GraphQLBoolean,
        description:
          'Whether guests may Download All: in the first message, and when that is what changed; null otherwise',
      },
    },
  });
}

function photoRemovalType(): GraphQLObjectType {
  return new GraphQLObjectType({
    name: 'PhotoRemoval',
    description: "A photo its gallery's owner removed, with the gallery's photo count after it",
    fields: {
      photoId: { type: new GraphQLNonNull(GraphQLID) },
      eventCode: { type: new GraphQLNonNull(GraphQLString) },
      photoCount: { type: new GraphQLNonNull(GraphQLInt) },
      challengeId: { type: GraphQLID, description: 'The photo challenge it was taken for; null when none' },
      tableNumber: {
        type: GraphQLInt,
        description: "The table whose card's QR code tagged it; null when none",
      },
    },
  });
}

function photosRevealType(): GraphQLObjectType {
  return new GraphQLObjectType({
    name: 'PhotosReveal',
    description: "A gallery's reveal time has come: every guest now sees every photo",
    fields: {
      eventCode: { type: new GraphQLNonNull(GraphQLString) },
      revealAt: { type: new GraphQLNonNull(GraphQLString) },
    },
  });
}

function heartCountsType(): GraphQLObjectType {
  const photoHeartCount = new GraphQLObjectType({
    name: 'PhotoHeartCount',
    fields: {
      photoId: { type: new GraphQLNonNull(GraphQLID) },
      heartCount: { type: new GraphQLNonNull(GraphQLInt) },
    },
  });
  return new GraphQLObjectType({
    name: 'HeartCounts',
    description: "New heart counts of a gallery's photos, batched: at most one message a second per gallery",
    fields: {
      eventCode: { type: new GraphQLNonNull(GraphQLString) },
      counts: { type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(photoHeartCount))) },
    },
  });
}

/** The media subgraph's GuestbookMessage, field for field (docs/api.graphql). */
function guestbookMessageType(): GraphQLObjectType {
  return new GraphQLObjectType({
    name: 'GuestbookMessage',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLID) },
      eventCode: { type: new GraphQLNonNull(GraphQLString) },
      text: { type: new GraphQLNonNull(GraphQLString) },
      guestName: { type: GraphQLString },
      createdAt: { type: new GraphQLNonNull(GraphQLString) },
    },
  });
}

function gallerySettingsChangeType(): GraphQLObjectType {
  return new GraphQLObjectType({
    name: 'GallerySettingsChange',
    description: "The couple changed who sees which photos: open screens read the gallery's photos again",
    fields: {
      eventCode: { type: new GraphQLNonNull(GraphQLString) },
    },
  });
}

function guestbookRemovalType(): GraphQLObjectType {
  return new GraphQLObjectType({
    name: 'GuestbookMessageRemoval',
    description: 'A guestbook message the couple removed: every open screen drops it',
    fields: {
      id: { type: new GraphQLNonNull(GraphQLID) },
      eventCode: { type: new GraphQLNonNull(GraphQLString) },
    },
  });
}

/**
 * Who may subscribe: a guest of the gallery, as the subgraphs' GuestOf operations (the same mark, kept in the
 * field's extensions; a test fails for a subscription without one): its code, and its pass when it has a PIN
 * (checked by the context's `admit`).
 */
export const LIVE_ACCESS: OperationAccess = { who: 'guest', argument: 'eventCode' };

/**
 * The schema graphql-ws serves. Its types carry the supergraph's own names and fields (see docs/api.graphql),
 * so Apollo Client merges a live photo into the same cache entry a query returned.
 */
export function buildLiveSchema(listen: Listen): GraphQLSchema {
  const subscriptionOn = (
    field: LiveField,
    type: GraphQLOutputType,
  ): GraphQLFieldConfig<unknown, LiveContext> => ({
    type: new GraphQLNonNull(type),
    args: { eventCode: { type: new GraphQLNonNull(GraphQLString) } },
    extensions: { access: LIVE_ACCESS },
    subscribe: (_root, args: { eventCode: string }, context: LiveContext) => {
      // A code no gallery can have is refused as the queries refuse it, before anything listens.
      const code = normalizeEventCode(args.eventCode);
      if (!isGalleryCode(code)) throw new AppError('GALLERY_NOT_FOUND');
      const fellBehind = () => context.fellBehind();
      const guest = context.guestTokenDigest;
      if (!context.admit) return listen(field, code, fellBehind, 'guests', guest);
      // One question at subscribe time (a gallery with a PIN wants its pass), nothing per message.
      return context.admit(code).then((audience) => listen(field, code, fellBehind, audience, guest));
    },
  });
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        live: {
          type: new GraphQLNonNull(GraphQLBoolean),
          description:
            'Always true. Queries and mutations go over HTTP POST /graphql; this socket serves subscriptions.',
          resolve: () => true,
          extensions: { access: { who: 'public' } satisfies OperationAccess },
        },
      },
    }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        photoAdded: subscriptionOn('photoAdded', photoType()),
        eventUpdated: subscriptionOn('eventUpdated', eventUpdateType()),
        archiveProgress: subscriptionOn('archiveProgress', archiveProgressType()),
        photoRemoved: subscriptionOn('photoRemoved', photoRemovalType()),
        photosRevealed: subscriptionOn('photosRevealed', photosRevealType()),
        heartCountsChanged: subscriptionOn('heartCountsChanged', heartCountsType()),
        guestbookMessageAdded: subscriptionOn('guestbookMessageAdded', guestbookMessageType()),
        guestbookMessageRemoved: subscriptionOn('guestbookMessageRemoved', guestbookRemovalType()),
        gallerySettingsChanged: subscriptionOn('gallerySettingsChanged', gallerySettingsChangeType()),
      },
    }),
  });
}
