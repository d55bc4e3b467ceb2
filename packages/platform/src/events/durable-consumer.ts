import { AckPolicy, DeliverPolicy, jetstreamManager, type JsMsg } from '@nats-io/jetstream';
import type { DataSource, EntityManager } from 'typeorm';
import {
  DOMAIN_STREAM,
  InvalidEventError,
  parseDomainEvent,
  type DomainEvent,
  type Subject,
} from '@gallery/contracts';
import type { EventBus } from './event-bus.js';

export type EventHandler = (event: DomainEvent, manager: EntityManager) => Promise<void>;

export interface DurableConsumerOptions {
  /** Durable consumer name, shared by every replica of the service: each event is handled once per service. */
  name: string;
  subjects: Subject[];
  handle: EventHandler;
  onError?: (error: unknown, event?: DomainEvent) => void;
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
  private filterHere = false;

  constructor(
    private readonly bus: EventBus,
    private readonly dataSource: DataSource,
    private readonly options: DurableConsumerOptions,
  ) {}

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
    this.loop = this.run();
  }

  private async createOrUpdate(): Promise<void> {
    const jsm = await jetstreamManager(this.bus.nc);
    const filter = this.subjectFilter();
    const config = {
      durable_name: this.options.name,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      ...filter,
      ack_wait: 30_000_000_000,
      max_deliver: -1,
    };
    try {
      await jsm.consumers.info(DOMAIN_STREAM, this.options.name);
      await jsm.consumers.update(DOMAIN_STREAM, this.options.name, filter);
    } catch {
      await jsm.consumers.add(DOMAIN_STREAM, config);
    }
  }

  /**
   * `filter_subjects` needs nats-server 2.10 and Debian 12 ships 2.9: one subject goes in `filter_subject`, and
   * several on an older server are filtered here instead (see `process`).
   */
  private subjectFilter(): { filter_subject?: string; filter_subjects?: string[] } {
    const { subjects } = this.options;
    if (subjects.length === 1) return { filter_subject: subjects[0] };
    const [major, minor] = (this.bus.nc.info?.version ?? '0.0').split('.').map(Number);
    this.filterHere = major < 2 || (major === 2 && minor < 10);
    return this.filterHere ? {} : { filter_subjects: subjects };
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.messages?.stop();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      try {
        const consumer = await this.bus.js.consumers.get(DOMAIN_STREAM, this.options.name);
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

  /** Handles one delivery; exported through the class for tests that replay a message. */
  async process(message: Pick<JsMsg, 'subject' | 'data' | 'ack' | 'nak' | 'term' | 'info'>): Promise<void> {
    if (this.filterHere && !(this.options.subjects as string[]).includes(message.subject)) {
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
      message.term();
      return;
    }
    try {
      await this.handleOnce(event);
      message.ack();
    } catch (error) {
      this.options.onError?.(error, event);
      message.nak(retryDelayMs(message.info.deliveryCount));
    }
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
