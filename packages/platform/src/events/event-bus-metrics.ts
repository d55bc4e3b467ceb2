// The outbox and consumer gauges sit beside the bus they read, so observability/ stays below events/.
import { jetstreamManager, type ConsumerInfo } from '@nats-io/jetstream';
import { Gauge } from 'prom-client';
import type { DataSource } from 'typeorm';
import { DOMAIN_STREAM } from '@gallery/contracts';
import type { EventBus } from './event-bus.js';
import { metricsRegistry } from '../observability/metrics.js';

/** What is read at each scrape: this process's outbox table and its durable consumers' JetStream state. */
const sources: { dataSource?: DataSource; consumers: Map<string, { bus: EventBus; durable: string }> } = {
  consumers: new Map(),
};

const OUTBOX_COUNTS = `SELECT count(*) FILTER (WHERE parked_at IS NULL)::int AS pending,
  count(*) FILTER (WHERE parked_at IS NOT NULL)::int AS parked FROM outbox_events`;

/** The service's database, whose outbox backlog each scrape reads. */
export function observeOutbox(dataSource: DataSource): void {
  sources.dataSource = dataSource;
}

/** A durable consumer whose pending counts each scrape asks JetStream for; `stop` forgets it. */
export function observeConsumer(name: string, bus: EventBus, durable: string): { stop(): void } {
  sources.consumers.set(name, { bus, durable });
  return { stop: () => sources.consumers.delete(name) };
}

/** Every service with an outbox: its rows waiting for JetStream and those parked for good, read at scrape. */
export const outboxEvents = new Gauge({
  name: 'gallery_outbox_events',
  help: 'Outbox rows by state: pending (waiting to be published) or parked (never publishable).',
  labelNames: ['state'] as const,
  registers: [metricsRegistry],
  async collect() {
    const dataSource = sources.dataSource;
    if (!dataSource?.isInitialized) return;
    const [counts] = (await dataSource.query(OUTBOX_COUNTS)) as { pending: number; parked: number }[];
    this.set({ state: 'pending' }, counts.pending);
    this.set({ state: 'parked' }, counts.parked);
  },
});

/** One look at the consumers' JetStream state, shared by the gauges of one scrape. */
let consumerInfos: Promise<[string, ConsumerInfo][]> | undefined;

function readConsumers(): Promise<[string, ConsumerInfo][]> {
  consumerInfos ??= Promise.all(
    [...sources.consumers]
      .filter(([, { bus }]) => bus.isConnected)
      .map(async ([name, { bus, durable }]): Promise<[string, ConsumerInfo]> => {
        const manager = await jetstreamManager(bus.nc);
        return [name, await manager.consumers.info(DOMAIN_STREAM, durable)];
      }),
  ).finally(() => setTimeout(() => (consumerInfos = undefined), 500).unref());
  return consumerInfos;
}

/** Durable consumers: events the stream holds for them and has not delivered yet. */
export const consumerPending = new Gauge({
  name: 'gallery_consumer_pending',
  help: "Events in the stream not yet delivered to the durable consumer (JetStream's num_pending).",
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
  async collect() {
    for (const [name, info] of await readConsumers()) this.set({ consumer: name }, info.num_pending);
  },
});

/** Durable consumers: delivered and not acknowledged yet (being handled, or waiting out a retry). */
export const consumerAckPending = new Gauge({
  name: 'gallery_consumer_ack_pending',
  help: "Events delivered to the durable consumer and not acknowledged yet (JetStream's num_ack_pending).",
  labelNames: ['consumer'] as const,
  registers: [metricsRegistry],
  async collect() {
    for (const [name, info] of await readConsumers()) this.set({ consumer: name }, info.num_ack_pending);
  },
});
