import { connect, headers as natsHeaders, type NatsConnection } from '@nats-io/transport-node';
import { contextFrom, inSpan, traceHeaders, type CarriedHeaders } from '../observability/trace-context.js';
import { ServiceRequestClient } from '../requests/service-request-client.js';

/** Core NATS types for services that answer requests on the bus's connection. */
export type { Msg as NatsMessage, Subscription as NatsSubscription } from '@nats-io/transport-node';
import {
  jetstream,
  jetstreamManager,
  JetStreamApiCodes,
  JetStreamApiError,
  type JetStreamClient,
} from '@nats-io/jetstream';
import { DOMAIN_STREAM, DOMAIN_STREAM_SUBJECTS, type DomainEvent } from '@gallery/contracts';

const NANOS_PER_SECOND = 1_000_000_000;
/** How long JetStream remembers a message id to drop a re-published duplicate. */
const DUPLICATE_WINDOW_NS = 10 * 60 * NANOS_PER_SECOND;
/**
 * How long the domain stream keeps an event. A consumer replays the stream from its start when its subjects
 * change, and a service down for longer than this misses what fell out: a month bounds both.
 */
export const DOMAIN_STREAM_MAX_AGE_DAYS = 30;
/** The stream's size cap: the oldest events go first once it is reached, so a flood cannot fill the disk. */
export const DOMAIN_STREAM_MAX_BYTES = 1024 ** 3;
/** A publish that gets no acknowledgement within this is retried later rather than holding the relay up. */
const PUBLISH_TIMEOUT_MS = 2000;

/** Thrown instead of publishing while the connection is down, so a publish never waits out a timeout. */
export class NatsDisconnectedError extends Error {
  constructor() {
    super('NATS is disconnected');
    this.name = 'ConnectionError';
  }
}

/**
 * The NATS connection of one service process, with JetStream publishing of domain events and Nest's NATS client
 * for the service requests it asks (askService).
 */
export class EventBus {
  private connected = true;
  private readonly reconnectListeners = new Set<() => void>();
  /** The process's one ClientProxy, on this connection. */
  readonly requests = new ServiceRequestClient(() => this.nc);

  private constructor(
    readonly nc: NatsConnection,
    readonly js: JetStreamClient,
  ) {
    void this.followStatus();
  }

  /** Connects (retrying until the server answers) and makes sure the domain stream exists. */
  static async connect(url: string, name: string): Promise<EventBus> {
    const nc = await connect({ servers: url, name, maxReconnectAttempts: -1, waitOnFirstConnect: true });
    const bus = new EventBus(nc, jetstream(nc));
    await bus.ensureDomainStream();
    return bus;
  }

  /** Whether the connection is up right now (false between a disconnect and the reconnect). */
  get isConnected(): boolean {
    return this.connected && !this.nc.isClosed();
  }

  /** Calls `listener` each time the connection comes back after a disconnect; returns the unsubscribe. */
  onReconnect(listener: () => void): () => void {
    this.reconnectListeners.add(listener);
    return () => this.reconnectListeners.delete(listener);
  }

  private async followStatus(): Promise<void> {
    for await (const status of this.nc.status()) {
      if (status.type === 'disconnect') this.connected = false;
      if (status.type === 'reconnect') {
        this.connected = true;
        for (const listener of this.reconnectListeners) listener();
      }
    }
  }

  /** Creates the domain stream, or brings an existing one to this release's configuration (its limits). */
  async ensureDomainStream(): Promise<void> {
    const jsm = await jetstreamManager(this.nc);
    const config = {
      subjects: DOMAIN_STREAM_SUBJECTS,
      duplicate_window: DUPLICATE_WINDOW_NS,
      max_age: DOMAIN_STREAM_MAX_AGE_DAYS * 24 * 60 * 60 * NANOS_PER_SECOND,
      max_bytes: DOMAIN_STREAM_MAX_BYTES,
    };
    const exists = await jsm.streams.info(DOMAIN_STREAM).then(
      () => true,
      (error: unknown) => {
        if (isApiError(error, JetStreamApiCodes.StreamNotFound)) return false;
        throw error;
      },
    );
    if (exists) {
      await jsm.streams.update(DOMAIN_STREAM, config);
      return;
    }
    await jsm.streams.add({ name: DOMAIN_STREAM, ...config }).catch(async (error) => {
      // Another process created it between our two calls: bring it to this configuration all the same.
      if (!(await jsm.streams.info(DOMAIN_STREAM).catch(() => null))) throw error;
      await jsm.streams.update(DOMAIN_STREAM, config);
    });
  }

  /**
   * Publishes with Nats-Msg-Id = event id, so a re-publish after a crash is dropped by JetStream. Fails at once
   * while disconnected, and after PUBLISH_TIMEOUT_MS without an acknowledgement. `body`: the event's JSON, when
   * the caller has it already. `carried`: the request id and trace context recorded with the event, sent as
   * NATS headers from a span of this publish, so its consumers and the live screens join the request's trace.
   */
  async publish(event: DomainEvent, body = JSON.stringify(event), carried?: CarriedHeaders): Promise<void> {
    if (!this.isConnected) throw new NatsDisconnectedError();
    const parent = contextFrom((name) => carried?.[name]);
    await inSpan(
      `publish ${event.type}`,
      'producer',
      parent,
      { 'messaging.message.id': event.id },
      async () => {
        const headers = natsHeaders();
        for (const [name, value] of Object.entries({ ...carried, ...traceHeaders() }))
          headers.set(name, value);
        await this.js.publish(event.type, body, {
          msgID: event.id,
          timeout: PUBLISH_TIMEOUT_MS,
          headers,
        });
      },
    );
  }

  async close(): Promise<void> {
    if (!this.nc.isClosed()) await this.nc.drain();
  }
}

/** Whether `error` is JetStream's API error with this code (stream not found, consumer not found...). */
export function isApiError(error: unknown, code: number): boolean {
  return error instanceof JetStreamApiError && error.code === code;
}
