import { connect, type NatsConnection } from '@nats-io/transport-node';
import { parseDomainEvent, Subjects, type DomainEvent } from '@gallery/contracts';
import type { PhotoFanout } from './photo-fanout.js';

/** Enough to recognise an outbox re-publish, which follows the original within seconds. */
const REMEMBERED_EVENT_IDS = 1000;

export interface NatsPhotoFeedLog {
  warn(message: string): void;
}

/**
 * Feeds `photo.uploaded` from NATS into the fan-out. A plain core-NATS subscription without a queue group:
 * every gateway replica must get every photo for its own sockets, and JetStream publishes reach core
 * subscribers of the subject too. The envelope is validated on receipt; a broken one is logged and skipped.
 */
export class NatsPhotoFeed {
  private connection: NatsConnection | undefined;
  private connected = false;
  private stopped = false;
  private readonly recentIds = new Set<string>();

  constructor(
    private readonly natsUrl: string,
    private readonly fanout: PhotoFanout,
    private readonly log: NatsPhotoFeedLog = console,
    /** Called after NATS comes back: photos published meanwhile never reached this subscription. */
    private readonly onResumed: () => void = () => undefined,
  ) {}

  /** Resolves once the subscription is registered with the server (waits for NATS to come up). */
  async start(): Promise<void> {
    const connection = await connect({
      servers: this.natsUrl,
      name: 'gateway',
      maxReconnectAttempts: -1,
      waitOnFirstConnect: true,
    });
    if (this.stopped) {
      await connection.close();
      return;
    }
    this.connection = connection;
    this.connected = true;
    void this.followStatus(connection);
    connection.subscribe(Subjects.PhotoUploaded, {
      callback: (_error, message) => this.receive(message.data),
    });
    await connection.flush();
  }

  /** Throws unless NATS answers now; used by /health. */
  async check(): Promise<void> {
    if (!this.connection || !this.connected) throw new Error('not connected');
    await this.connection.flush();
  }

  receive(data: Uint8Array | string): void {
    let event: DomainEvent;
    try {
      event = parseDomainEvent(data);
    } catch (error) {
      this.log.warn(`ignored a ${Subjects.PhotoUploaded} message: ${(error as Error).message}`);
      return;
    }
    if (event.type !== Subjects.PhotoUploaded || this.seen(event.id)) return;
    this.fanout.publish((event as DomainEvent<typeof Subjects.PhotoUploaded>).data.photo);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.connected = false;
    if (this.connection && !this.connection.isClosed()) await this.connection.drain();
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
