import type { DataSource } from 'typeorm';
import type { DomainEvent } from '@gallery/contracts';
import type { EventBus } from './event-bus.js';
import { OutboxEventEntity } from './outbox-event.entity.js';

const BATCH_SIZE = 100;
/** Published rows are kept a week for investigation, then removed so the table stays small. */
export const OUTBOX_RETENTION_DAYS = 7;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Publishes committed outbox events to JetStream in order. Rows are claimed with SKIP LOCKED so replicas of a
 * service share the work; a row is marked published only after JetStream acknowledged it. A crash between the
 * two re-publishes the event, which JetStream drops as a duplicate by its message id.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private failures = 0;
  private lastPrunedAt = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly options: { pollIntervalMs?: number; onError?: (error: unknown) => void } = {},
  ) {}

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** Publish now: called right after a transaction that recorded events commits. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.schedule(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(delayMs: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.running = this.drain().finally(() => {
        this.running = undefined;
        if (this.stopped) return;
        const backOff = Math.min(30_000, 250 * 2 ** Math.min(this.failures, 7));
        if (this.failures > 0) this.schedule(backOff);
        else if (this.again) this.schedule(0);
        else this.schedule(this.options.pollIntervalMs ?? 500);
        this.again = false;
      });
    }, delayMs);
  }

  /** Publishes batches until nothing is left; returns on the first failure. */
  private async drain(): Promise<void> {
    try {
      while (!this.stopped && (await this.publishBatch()) === BATCH_SIZE);
      this.failures = 0;
      if (Date.now() - this.lastPrunedAt > PRUNE_EVERY_MS) {
        this.lastPrunedAt = Date.now();
        await this.prune();
      }
    } catch (error) {
      this.failures++;
      this.options.onError?.(error);
    }
  }

  /** Removes events published more than OUTBOX_RETENTION_DAYS ago; returns how many. */
  async prune(): Promise<number> {
    const [, removed] = (await this.dataSource.query(
      `DELETE FROM outbox_events WHERE published_at < now() - make_interval(days => $1)`,
      [OUTBOX_RETENTION_DAYS],
    )) as [unknown, number];
    return removed;
  }

  private publishBatch(): Promise<number> {
    return this.dataSource.transaction(async (manager) => {
      const rows = await manager
        .createQueryBuilder(OutboxEventEntity, 'e')
        .where('e.published_at IS NULL')
        .orderBy('e.position')
        .limit(BATCH_SIZE)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const row of rows) {
        await this.bus.publish(row.envelope as DomainEvent);
        await manager.update(OutboxEventEntity, { id: row.id }, { publishedAt: new Date() });
      }
      return rows.length;
    });
  }
}
