import type { MsgHdrs, NatsConnection, Subscription } from '@nats-io/transport-node';
import {
  contextFrom,
  inSpanNow,
  REQUEST_ID_HEADER,
  runWithRequestContext,
} from '@gallery/platform/observability';
import {
  HEART_COUNTS_SUBJECT_PREFIX,
  heartCountsSchema,
  parseDomainEvent,
  Subjects,
  type DomainEvent,
  type HeartCounts,
  type Subject,
} from '@gallery/contracts';
import type { LiveFanout } from './live-fanout.js';
import type { GatewayNats } from '../nats/gateway-nats.js';

/** Enough to recognise an outbox re-publish, which follows the original within seconds. */
const REMEMBERED_EVENT_IDS = 1000;

export interface NatsLiveFeedLog {
  warn(message: string): void;
}

/** How each subject the live screens follow reaches the fan-out. */
type Delivery = (fanout: LiveFanout, event: DomainEvent) => void;

const DELIVERIES: Partial<Record<Subject, Delivery>> = {
  [Subjects.PhotoUploaded]: (fanout, event) => {
    const { photo, shared, awaitingApproval } = (event as DomainEvent<typeof Subjects.PhotoUploaded>).data;
    // Waiting for the couple's approval: on no screen until photo.approved (the couple's queue reads it).
    if (awaitingApproval) return;
    // A photo other guests may not see yet (a drop box, a reveal to come) goes to the couple's open screens
    // only (its links carry its pass); its uploader has it from their upload.
    fanout.publish(photo, shared === false ? 'couple' : 'everyone');
  },
  [Subjects.PlanUpgraded]: (fanout, event) => {
    const { code, plan, expiresAt } = (event as DomainEvent<typeof Subjects.PlanUpgraded>).data;
    fanout.publishEventUpdate({ code, plan, expiresAt });
  },
  [Subjects.GuestDownloadsChanged]: (fanout, event) => {
    const { code, plan, expiresAt, allowed } = (event as DomainEvent<typeof Subjects.GuestDownloadsChanged>)
      .data;
    fanout.publishEventUpdate({ code, plan, expiresAt, guestDownloadsAllowed: allowed });
  },
  [Subjects.PhotosRevealed]: (fanout, event) => {
    const { code, revealAt } = (event as DomainEvent<typeof Subjects.PhotosRevealed>).data;
    fanout.publishReveal({ eventCode: code, revealAt });
  },
  [Subjects.GuestbookMessagePosted]: (fanout, event) =>
    fanout.publishGuestbookMessage(
      (event as DomainEvent<typeof Subjects.GuestbookMessagePosted>).data.message,
    ),
  [Subjects.GuestbookMessageRemoved]: (fanout, event) =>
    fanout.publishGuestbookRemoval((event as DomainEvent<typeof Subjects.GuestbookMessageRemoved>).data),
  // The couple's approval: an approved photo arrives on guests' screens as a new one, a hidden one leaves them.
  [Subjects.PhotoApproved]: (fanout, event) => {
    const { photo, shared } = (event as DomainEvent<typeof Subjects.PhotoApproved>).data;
    if (shared !== false) fanout.publish(photo);
  },
  [Subjects.PhotoHidden]: (fanout, event) => {
    const { shared, uploader, ...removal } = (event as DomainEvent<typeof Subjects.PhotoHidden>).data;
    if (shared !== false) {
      fanout.publishPhotoRemoval(removal);
      return;
    }
    // Not shared: the couple's screens had it, and its uploader's (their own photo, waiting or not), told with
    // the count they see; no other guest's screen had it, nor may learn the gallery's count.
    fanout.publishPhotoRemoval(removal, 'couple');
    if (uploader) {
      fanout.publishOwnPhotoRemoval({ ...removal, photoCount: uploader.photoCount }, uploader.tokenDigest);
    }
  },
  [Subjects.PhotoDeleted]: (fanout, event) => {
    const { shared, ...removal } = (event as DomainEvent<typeof Subjects.PhotoDeleted>).data;
    // Not shared: no guest's screen had it, and the gallery's count would tell them how many others sent; the
    // couple's screens had it.
    fanout.publishPhotoRemoval(removal, shared === false ? 'couple' : 'everyone');
  },
  // Media's word that the couple's settings are applied, not events' that they changed: a screen reading again on
  // events' word could reach media first and get what it showed before.
  [Subjects.SharingChanged]: (fanout, event) => {
    const { code } = (event as DomainEvent<typeof Subjects.SharingChanged>).data;
    fanout.publishSettingsChange({ eventCode: code });
  },
};

/** The subjects the gateway follows for its open screens. */
export const LIVE_SUBJECTS = Object.keys(DELIVERIES) as Subject[];

/**
 * Feeds the live subjects (new photos, plan changes) from NATS into the fan-out. Plain core-NATS subscriptions
 * without a queue group: every gateway replica must get every event for its own sockets, and JetStream
 * publishes reach core subscribers of the subject too. The envelope is validated on receipt; a broken one is
 * logged and skipped.
 */
export class NatsLiveFeed {
  private connection: NatsConnection | undefined;
  private readonly subscriptions: Subscription[] = [];
  private connected = false;
  private stopped = false;
  private readonly recentIds = new Set<string>();

  constructor(
    private readonly nats: GatewayNats,
    private readonly fanout: LiveFanout,
    private readonly log: NatsLiveFeedLog = console,
    /** Called after NATS comes back: events published meanwhile never reached these subscriptions. */
    private readonly onResumed: () => void = () => undefined,
  ) {}

  /** Resolves once the subscriptions are registered with the server (waits for NATS to come up). */
  async start(): Promise<void> {
    const connection = await this.nats.connection();
    if (this.stopped) return;
    this.connection = connection;
    this.connected = true;
    void this.followStatus(connection);
    for (const subject of LIVE_SUBJECTS) {
      this.subscriptions.push(
        connection.subscribe(subject, {
          callback: (_error, message) => this.receive(message.data, subject, message.headers),
        }),
      );
    }
    // Heart counts are a live-only signal (media batches them per gallery and second), not a domain event.
    this.subscriptions.push(
      connection.subscribe(`${HEART_COUNTS_SUBJECT_PREFIX}.*`, {
        callback: (_error, message) => this.receiveHeartCounts(message.data),
      }),
    );
    await connection.flush();
  }

  /** One batch of heart counts; a message breaking its contract is logged and skipped. */
  receiveHeartCounts(data: Uint8Array | string): void {
    let counts: HeartCounts;
    try {
      counts = heartCountsSchema.parse(
        JSON.parse(typeof data === 'string' ? data : new TextDecoder().decode(data)),
      );
    } catch {
      this.log.warn('ignored a heart counts message that breaks its contract');
      return;
    }
    this.fanout.publishHeartCounts(counts);
  }

  /** Throws unless NATS answers now; used by /health. */
  async check(): Promise<void> {
    if (!this.connection || !this.connected) throw new Error('not connected');
    await this.connection.flush();
  }

  /**
   * One message received on `subject` (photo.uploaded unless told). Its delivery to the screens is a span of the
   * trace its headers carry (the request that caused it), and any line logged meanwhile names the event and
   * that request.
   */
  receive(data: Uint8Array | string, subject: Subject = Subjects.PhotoUploaded, headers?: MsgHdrs): void {
    let event: DomainEvent;
    try {
      event = parseDomainEvent(data);
    } catch (error) {
      this.log.warn(`ignored a ${subject} message: ${(error as Error).message}`);
      return;
    }
    const deliver = DELIVERIES[event.type];
    if (event.type !== subject || !deliver || this.seen(event.id)) return;
    const header = (name: string) => headers?.get(name) || undefined;
    const context = { requestId: header(REQUEST_ID_HEADER), eventId: event.id };
    runWithRequestContext(context, () =>
      inSpanNow(`deliver ${event.type}`, contextFrom(header), { 'messaging.message.id': event.id }, () =>
        deliver(this.fanout, event),
      ),
    );
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connected = false;
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
  }

  private seen(id: string): boolean {
    if (this.recentIds.has(id)) return true;
    this.recentIds.add(id);
    // A Set iterates in insertion order: the first entry is the oldest.
    if (this.recentIds.size > REMEMBERED_EVENT_IDS)
      this.recentIds.delete(this.recentIds.values().next().value!);
    return false;
  }

  private async followStatus(connection: NatsConnection): Promise<void> {
    for await (const status of connection.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') {
        this.connected = true;
        this.onResumed();
      }
    }
  }
}
