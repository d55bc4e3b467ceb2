import { Logger, type OnApplicationBootstrap, type OnModuleDestroy } from '@nestjs/common';
import type { DataSource, EntityManager } from 'typeorm';
import type { DomainEvent, Subject } from '@gallery/contracts';
import { describeError } from '../logging/describe-error.js';
import { DurableConsumer } from './durable-consumer.js';
import type { EventBus } from './event-bus.js';
import type { OutboxRelay } from './outbox-relay.js';

/**
 * A service's durable consumer as a Nest provider: started once the app has booted, stopped before the event
 * bus closes its connection (that happens in the shutdown hook after this one), each failure logged with the
 * event it concerns. A subclass names its subjects and handles an event inside the transaction that marks it
 * processed.
 */
export abstract class DurableConsumerService implements OnApplicationBootstrap, OnModuleDestroy {
  protected readonly logger = new Logger(this.constructor.name);
  // Private to this class (#): a subclass may keep its own `dataSource`.
  readonly #bus: EventBus;
  readonly #dataSource: DataSource;
  readonly #name: string;
  readonly #relay: OutboxRelay | undefined;
  #consumer: DurableConsumer | undefined;

  /** The subjects handled; read when the consumer starts. */
  protected abstract readonly subjects: readonly Subject[];

  /**
   * @param name The consumer's logical name, shared by the service's replicas (see DurableConsumerOptions).
   * @param relay The service's outbox relay, for a consumer whose handler records events: kicked once each handled
   *   event commits, so that what it recorded goes out at once rather than at the relay's next look for rows.
   */
  protected constructor(bus: EventBus, dataSource: DataSource, name: string, relay?: OutboxRelay) {
    this.#bus = bus;
    this.#dataSource = dataSource;
    this.#name = name;
    this.#relay = relay;
  }

  /** Applies one event; its changes commit with the event's processed mark, a throw retries it later. */
  protected abstract handle(event: DomainEvent, manager: EntityManager): Promise<void>;

  /** Whether to start at all: false for a consumer whose work this deployment cannot do (no mail server). */
  protected canStart(): boolean {
    return true;
  }

  async onApplicationBootstrap(): Promise<void> {
    if (!this.canStart()) return;
    const relay = this.#relay;
    this.#consumer = new DurableConsumer(this.#bus, this.#dataSource, {
      name: this.#name,
      subjects: [...this.subjects],
      handle: (event, manager) => this.handle(event, manager),
      onHandled: relay && (() => relay.kick()),
      onError: (error, event) =>
        this.logger.warn(`${event ? `${event.type} ${event.id}` : 'consumer'}: ${describeError(error)}`),
    });
    await this.#consumer.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.#consumer?.stop();
  }
}
