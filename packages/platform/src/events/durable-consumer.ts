import { createHash } from 'node:crypto';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  jetstreamManager,
  type JsMsg,
} from '@nats-io/jetstream';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DOMAIN_STREAM,
  InvalidEventError,
  parseDomainEvent,
  type DomainEvent,
  type Subject,
} from '@gallery/contracts';
import { isApiError, type EventBus } from './event-bus.js';
import { consumerHandled, consumerParked, consumerRedeliveries } from '../observability/metrics.js';
import { observeConsumer } from './event-bus-metrics.js';
import { REQUEST_ID_HEADER, runWithRequestContext } from '../observability/request-context.js';
import { contextFrom, inSpan } from '../observability/trace-context.js';

export type EventHandler = (event: DomainEvent, manager: EntityManager) => Promise<void>;

export interface DurableConsumerOptions {
  /**
   * The consumer's logical name, shared by every replica of the service: each event is handled once per
   * service. Processed-event marks are kept under it, so they outlive any change of subjects.
   */
  name: string;
  subjects: Subject[];
  handle: EventHandler;
  /** Called once a handled event's transaction committed (not for a repeat delivery, which changes nothing). */
  onHandled?: (event: DomainEvent) => void;
  onError?: (error: unknown, event?: DomainEvent) => void;
}

/**
 * The JetStream durable for a logical consumer and its subjects: the name plus a short hash of the sorted
 * subjects. A release that changes the subjects gets a new durable instead of editing the old one's filter,
 * which nats-server 2.9 cannot do for several subjects (no `filter_subjects`) and 2.10+ refuses to turn from
 * `filter_subject` into `filter_subjects`.
 */
export function durableName(name: string, subjects: readonly string[]): string {
  const hash = createHash('sha256')
    .update([...new Set(subjects)].sort().join('\n'))
    .digest('hex');
  return `${name}-${hash.slice(0, DURABLE_HASH_LENGTH)}`;
}

const DURABLE_HASH_LENGTH = 8;

/** Whether `durable` is one of the logical consumer's durables, of any release (or the unhashed original). */
function isDurableOf(name: string, durable: string): boolean {
  if (durable === name) return true;
  const hash = durable.startsWith(`${name}-`) ? durable.slice(name.length + 1) : '';
  return new RegExp(`^[0-9a-f]{${DURABLE_HASH_LENGTH}}$`).test(hash);
}

const START_ATTEMPTS = 5;

/** Redelivery delay after a failed attempt: 1 s doubling to 1 min, for as long as it takes. */
export function retryDelayMs(deliveryCount: number): number {
  return Math.min(60_000, 1000 * 2 ** Math.max(0, deliveryCount - 1));
}

/**
 * Handles domain events from JetStream exactly once in effect: the handler's changes and the processed-event
 * mark commit in one transaction, the message is acked only after that commit, a repeat delivery finds the mark
 * and is acked without effect, and a failed handler is retried with back-off.
 */
export class DurableConsumer {
  private stopped = false;
  private loop: Promise<void> | undefined;
  private messages: { stop(): void } | undefined;
  private observed: { stop(): void } | undefined;
  /** This release's JetStream durable (see durableName). */
  readonly durable: string;

  constructor(
    private readonly bus: EventBus,
    private readonly dataSource: DataSource,
    private readonly options: DurableConsumerOptions,
  ) {
    this.durable = durableName(options.name, options.subjects);
  }

  async start(): Promise<void> {
    // A request sent while the connection is re-established after a broker restart gets no answer: try again.
    for (let attempt = 1; ; attempt++) {
      try {
        await this.createOrUpdate();
        break;
      } catch (error) {
        if (attempt >= START_ATTEMPTS) throw error;
        this.options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, retryDelayMs(attempt)));
      }
    }
    this.observed = observeConsumer(this.options.name, this.bus, this.durable);
    this.loop = this.run();
  }

  /**
   * Creates this release's durable when it is missing, then deletes the service's durables for other subjects.
   * The new durable starts from the beginning of the stream: events it already handled under another durable
   * find their processed-event marks and are acked without effect, and events of a newly added subject that
   * were published before the change are handled. Replicas of an older release lose their durable and stop
   * consuming (they log errors) until they are replaced; the marks keep their last events from running twice.
   */
  private async createOrUpdate(): Promise<void> {
    const jsm = await jetstreamManager(this.bus.nc);
    const exists = await jsm.consumers.info(DOMAIN_STREAM, this.durable).then(
      () => true,
      (error: unknown) => {
        if (isApiError(error, JetStreamApiCodes.ConsumerNotFound)) return false;
        throw error;
      },
    );
    if (!exists) {
      await jsm.consumers.add(DOMAIN_STREAM, {
        durable_name: this.durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        ...this.subjectFilter(),
        ack_wait: 30_000_000_000,
        max_deliver: -1,
      });
    }
    for await (const consumer of jsm.consumers.list(DOMAIN_STREAM)) {
      const other = consumer.config.durable_name ?? consumer.name;
      if (other !== this.durable && isDurableOf(this.options.name, other)) {
        await jsm.consumers.delete(DOMAIN_STREAM, other).catch((error: unknown) => {
          // Another replica deleted it first.
          if (!isApiError(error, JetStreamApiCodes.ConsumerNotFound)) throw error;
        });
      }
    }
  }

  /**
   * `filter_subjects` needs nats-server 2.10 and Debian 12 ships 2.9: one subject goes in `filter_subject`, and
   * several on an older server are not filtered there but here (see `process`).
   */
  private subjectFilter(): { filter_subject?: string; filter_subjects?: string[] } {
    const { subjects } = this.options;
    if (subjects.length === 1) return { filter_subject: subjects[0] };
    const [major, minor] = (this.bus.nc.info?.version ?? '0.0').split('.').map(Number);
    const serverFilters = major > 2 || (major === 2 && minor >= 10);
    return serverFilters ? { filter_subjects: subjects } : {};
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.observed?.stop();
    this.messages?.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const consumer = await this.bus.js.consumers.get(DOMAIN_STREAM, this.durable);
        const messages = await consumer.consume({ max_messages: 50 });
        this.messages = messages;
        // stop() may have run while consume() was pending, before there was anything for it to stop.
        if (this.stopped) messages.stop();
        for await (const message of messages) {
          await this.process(message);
          if (this.stopped) break;
        }
      } catch (error) {
        if (this.stopped) return;
        this.options.onError?.(error);
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  /**
   * Handles one delivery; exported through the class for tests that replay a message. The handler runs in a span
   * of the trace the event's headers carry, with the event's id and its request's id on every log line.
   */
  async process(
    message: Pick<JsMsg, 'subject' | 'data' | 'ack' | 'nak' | 'term' | 'info'> &
      Partial<Pick<JsMsg, 'headers'>>,
  ): Promise<void> {
    const consumer = this.options.name;
    // A durable made on nats-server 2.9 for several subjects receives the whole stream.
    if (!(this.options.subjects as string[]).includes(message.subject)) {
      message.ack();
      return;
    }
    let event: DomainEvent;
    try {
      event = parseDomainEvent(message.data);
    } catch (error) {
      // A message that breaks the contract will never succeed: say so loudly and take it out of the flow.
      this.options.onError?.(
        error instanceof InvalidEventError ? error : new InvalidEventError(String(error)),
      );
      consumerParked.inc({ consumer });
      message.term();
      return;
    }
    if (message.info.deliveryCount > 1) consumerRedeliveries.inc({ consumer });
    const header = (name: string) => message.headers?.get(name) || undefined;
    const { code, eventCode } = event.data as { code?: unknown; eventCode?: unknown };
    const galleryCode =
      typeof code === 'string' ? code : typeof eventCode === 'string' ? eventCode : undefined;
    const requestContext = { requestId: header(REQUEST_ID_HEADER), eventId: event.id, galleryCode };
    await runWithRequestContext(requestContext, () =>
      inSpan(
        `handle ${event.type}`,
        'consumer',
        contextFrom(header),
        { 'messaging.consumer.group.name': consumer, 'messaging.message.id': event.id },
        async () => {
          try {
            if (await this.handleOnce(event)) {
              consumerHandled.inc({ consumer });
              this.options.onHandled?.(event);
            }
            message.ack();
          } catch (error) {
            this.options.onError?.(error, event);
            message.nak(retryDelayMs(message.info.deliveryCount));
          }
        },
      ),
    );
  }

  /** Runs the handler unless this consumer already handled the event; returns whether it ran. */
  async handleOnce(event: DomainEvent): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const marked: unknown[] = await manager.query(
        'INSERT INTO processed_events (consumer, event_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING event_id',
        [this.options.name, event.id],
      );
      if (marked.length === 0) return false;
      await this.options.handle(event, manager);
      return true;
    });
  }
}
