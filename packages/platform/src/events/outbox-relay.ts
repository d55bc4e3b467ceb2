import type { DataSource, EntityManager } from 'typeorm';
import { InvalidEventError, parseDomainEvent, type DomainEvent } from '@gallery/contracts';
import type { EventBus } from './event-bus.js';
import { OutboxEventEntity } from './outbox-event.entity.js';
import { headersOf } from './outbox.js';
import { outsideRequestContext } from '../observability/request-context.js';

const BATCH_SIZE = 100;
/** Room for the headers JetStream adds to a message (Nats-Msg-Id and the like) beside the JSON body. */
const HEADER_ALLOWANCE_BYTES = 1024;

/** Wait before the next attempt after `failures` failed ones in a row: 0.5 s doubling to 30 s. */
export function relayBackOffMs(failures: number): number {
  return Math.min(30_000, 250 * 2 ** Math.min(failures, 7));
}

export interface OutboxRelayOptions {
  pollIntervalMs?: number;
  /** A publish that failed and will be tried again (NATS down, no acknowledgement in time). */
  onError?: (error: unknown) => void;
  /** An event that can never be published, set aside so that the events behind it go out. */
  onParked?: (event: { id: string; subject: string }, reason: string) => void;
  backOffMs?: (failures: number) => number;
}

/**
 * The oldest rows not parked, locked for this relay, skipping those another replica holds. Written out rather
 * than built by TypeORM's query builder each time, and the published rows deleted by one statement rather than
 * one each: a drain runs after every change that records an event, and the builder, the entities and a DELETE
 * per row cost media's JavaScript thread about 0.8 ms a photo (docs/decisions.md, "what each request and event
 * no longer does").
 */
const TAKE_PENDING = `SELECT id, subject, envelope, attempts, headers FROM outbox_events
  WHERE parked_at IS NULL ORDER BY position LIMIT $1 FOR UPDATE SKIP LOCKED`;
const DELETE_PUBLISHED = 'DELETE FROM outbox_events WHERE id = ANY($1)';
/**
 * What a poll asks first: a poll finds nothing almost every time, and one statement says so where taking a batch is
 * a transaction of three (BEGIN, the SELECT, COMMIT), twice a second in a service that polls every 500 ms.
 */
const ANY_PENDING = 'SELECT EXISTS (SELECT 1 FROM outbox_events WHERE parked_at IS NULL) AS pending';
type PendingRow = Pick<OutboxEventEntity, 'id' | 'subject' | 'envelope' | 'attempts' | 'headers'>;

/** An event that no retry can publish: it breaks its contract or exceeds the server's message size. */
class UnpublishableEventError extends Error {}

/**
 * Publishes committed outbox events to JetStream. A relay takes rows in `position` order, a batch at a time,
 * claimed with SKIP LOCKED so that replicas of a service share the work; a row is deleted only after JetStream
 * acknowledged it (the stream keeps it from then on), and a crash between the two re-publishes the event, which
 * JetStream drops as a duplicate by its message id (within its duplicate window). Nothing published stays in
 * the table: a purged gallery leaves no event about it behind.
 *
 * What this does not promise: a global order. Two replicas publish different batches at the same time, and a
 * position is taken when a row is inserted, not when its transaction commits, so a later position can be
 * published first. Consumers rely on each event arriving (at least once, handled once), not on their order.
 *
 * A row that can never be published (contract broken, bigger than the server accepts) is parked: marked with
 * the reason, logged, and skipped from then on, so it does not hold up the rows behind it. When NATS comes back
 * after an outage, the relay forgets its back-off and publishes at once.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private stopped = false;
  private failures = 0;
  private stopFollowingReconnects: (() => void) | undefined;
  /** Direct publishes under way (publishCommitted), awaited by stop(). */
  private readonly direct = new Set<Promise<void>>();

  constructor(
    private readonly dataSource: DataSource,
    private readonly bus: EventBus,
    private readonly options: OutboxRelayOptions = {},
  ) {}

  /** Failed attempts since the last success: the relay waits `backOffMs(failures)` before the next one. */
  get consecutiveFailures(): number {
    return this.failures;
  }

  start(): void {
    this.stopped = false;
    this.stopFollowingReconnects = this.bus.onReconnect(() => this.resumeAfterReconnect());
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

  /**
   * Publish these events, which the caller's transaction has just committed to the outbox, then delete their
   * rows: a drain's work for them without taking them from the table first (BEGIN, the SELECT and COMMIT, three
   * of a photo's statements). A drain that took the same rows meanwhile publishes them too, and JetStream drops
   * the second copy by its message id; the later DELETE finds nothing. Whatever fails here (NATS away, a row
   * that can never be published) is left in the table for a drain, which is kicked and counts, retries or parks
   * as it does for any row.
   */
  publishCommitted(events: DomainEvent[]): void {
    if (this.stopped) return;
    // The relay is backing off after failures: publishing beside it would only fail the same way.
    if (this.failures > 0) return this.kick();
    const publishing = this.publishNow(events);
    this.direct.add(publishing);
    void publishing.finally(() => this.direct.delete(publishing));
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.stopFollowingReconnects?.();
    clearTimeout(this.timer);
    await Promise.all([this.running, ...this.direct]);
  }

  private async publishNow(events: DomainEvent[]): Promise<void> {
    try {
      for (const event of events) await this.bus.publish(...this.publishable(event), headersOf(event));
      await this.dataSource.query(DELETE_PUBLISHED, [events.map((event) => event.id)]);
    } catch {
      this.kick();
    }
  }

  /** The failures were NATS's, not the events': waiting out their back-off would only delay the backlog. */
  private resumeAfterReconnect(): void {
    this.failures = 0;
    this.kick();
  }

  /** `poll`: a look on the interval, which first asks whether anything waits; otherwise a batch is taken at once. */
  private schedule(delayMs: number, poll = false): void {
    clearTimeout(this.timer);
    // Apart from the request that kicked it: later drains publish other requests' events.
    this.timer = outsideRequestContext(() =>
      setTimeout(() => {
        this.running = this.drain(poll).finally(() => {
          this.running = undefined;
          if (this.stopped) return;
          if (this.again) this.schedule(0);
          else if (this.failures > 0)
            this.schedule((this.options.backOffMs ?? relayBackOffMs)(this.failures));
          else this.schedule(this.options.pollIntervalMs ?? 500, true);
          this.again = false;
        });
      }, delayMs),
    );
  }

  /** Publishes batches until nothing is left; returns on the first failure. */
  private async drain(poll: boolean): Promise<void> {
    try {
      if (poll && !(await this.anyPending())) return;
      while (!this.stopped && (await this.publishBatch()) === BATCH_SIZE);
      this.failures = 0;
    } catch (error) {
      this.failures++;
      this.options.onError?.(error);
    }
  }

  private async anyPending(): Promise<boolean> {
    const [{ pending }]: { pending: boolean }[] = await this.dataSource.query(ANY_PENDING);
    return pending;
  }

  /**
   * Publishes one batch; returns how many rows it took. A failure that a retry may cure is counted on its row
   * and ends the batch (committing what was published) by throwing; an unpublishable row is parked.
   */
  private async publishBatch(): Promise<number> {
    let failure: unknown;
    const taken = await this.dataSource.transaction(async (manager) => {
      const rows: PendingRow[] = await manager.query(TAKE_PENDING, [BATCH_SIZE]);
      const published: string[] = [];
      for (const row of rows) {
        try {
          await this.bus.publish(...this.publishable(row.envelope), row.headers ?? undefined);
          published.push(row.id);
        } catch (error) {
          await this.recordFailure(manager, row, error);
          if (!(error instanceof UnpublishableEventError)) {
            failure = error;
            break;
          }
        }
      }
      // Deleted together, in the transaction that took them: the rows go when it commits, whatever the count.
      if (published.length > 0) await manager.query(DELETE_PUBLISHED, [published]);
      return rows.length;
    });
    if (failure) throw failure;
    return taken;
  }

  /**
   * The event and its JSON (made once, for the check and the message), checked against what any retry would run
   * into again.
   */
  private publishable(envelope: unknown): [DomainEvent, string] {
    const body = JSON.stringify(envelope);
    try {
      parseDomainEvent(body);
    } catch (error) {
      throw new UnpublishableEventError(error instanceof InvalidEventError ? error.message : String(error));
    }
    const maxPayload = this.bus.nc.info?.max_payload;
    const size = Buffer.byteLength(body) + HEADER_ALLOWANCE_BYTES;
    if (maxPayload && size > maxPayload) {
      throw new UnpublishableEventError(
        `event of ${size} bytes exceeds the server's max_payload ${maxPayload}`,
      );
    }
    return [envelope as DomainEvent, body];
  }

  private async recordFailure(manager: EntityManager, row: PendingRow, error: unknown): Promise<void> {
    const reason = error instanceof Error ? error.message : String(error);
    const parked = error instanceof UnpublishableEventError;
    await manager.update(
      OutboxEventEntity,
      { id: row.id },
      { attempts: row.attempts + 1, lastError: reason, ...(parked && { parkedAt: new Date() }) },
    );
    if (parked) this.options.onParked?.({ id: row.id, subject: row.subject }, reason);
  }
}
