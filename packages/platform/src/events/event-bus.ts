import { connect, type NatsConnection } from '@nats-io/transport-node';
import { jetstream, jetstreamManager, type JetStreamClient } from '@nats-io/jetstream';
import { DOMAIN_STREAM, DOMAIN_STREAM_SUBJECTS, type DomainEvent } from '@gallery/contracts';

/** How long JetStream remembers a message id to drop a re-published duplicate. */
const DUPLICATE_WINDOW_NS = 10 * 60 * 1_000_000_000;

/** The NATS connection of one service process, with JetStream publishing of domain events. */
export class EventBus {
  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
  ) {}

  /** Connects (retrying until the server answers) and makes sure the domain stream exists. */
  static async connect(url: string, name: string): Promise<EventBus> {
    const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, waitOnFirstConnect: true });
    const bus = new EventBus(nc, jetstream(nc));
    await bus.ensureDomainStream();
    return bus;
  }

  async ensureDomainStream(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    const config = { subjects: DOMAIN_STREAM_SUBJECTS, duplicate_window: DUPLICATE_WINDOW_NS };
    try {
      await jsm.streams.info(DOMAIN_STREAM);
      await jsm.streams.update(DOMAIN_STREAM, config);
    } catch {
      await jsm.streams.add({ name: DOMAIN_STREAM, ...config }).catch(async (error) => {
        // Another process created it between our two calls.
        if (!(await jsm.streams.info(DOMAIN_STREAM).catch(() => null))) throw error;
      });
    }
  }

  /** Publishes with Nats-Msg-Id = event id, so a re-publish after a crash is dropped by JetStream. */
  async publish(event: DomainEvent): Promise<void> {
    await this.js.publish(event.type, JSON.stringify(event), { msgID: event.id });
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}
