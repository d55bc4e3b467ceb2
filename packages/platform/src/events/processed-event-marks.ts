import type { DataSource } from 'typeorm';
import { DOMAIN_STREAM_MAX_AGE_DAYS } from './event-bus.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * How long a processed-event mark is kept: while its event can still be delivered, that is while the domain
 * stream holds it (DOMAIN_STREAM_MAX_AGE_DAYS from its publication, which came before the mark), and a day more
 * for PostgreSQL's clock and the NATS server's to differ.
 */
export const PROCESSED_MARK_RETENTION_MS = (DOMAIN_STREAM_MAX_AGE_DAYS + 1) * DAY_MS;

/** How often each replica of a service forgets the marks past PROCESSED_MARK_RETENTION_MS. */
export const PROCESSED_MARK_SWEEP_INTERVAL_MS = 60 * 60 * 1000;

/** Marks one statement deletes at most: a long backlog goes in short transactions that hold few row locks. */
const PROCESSED_MARK_FORGET_BATCH = 5000;

/**
 * Deletes the processed-event marks no delivery can need any more; how many it deleted. A mark is there to find a
 * repeated delivery of its event, and an event older than the stream's age limit has left the stream: JetStream
 * delivers it to no durable again, and a new durable replays only what the stream holds. Kept forever, marks
 * would grow by a row for every event each consumer handles (three a photo across the services), and every
 * consumer's insert with them. Replicas sweeping at once skip each other's rows.
 */
export async function forgetExpiredMarks(
  dataSource: DataSource,
  now: Date = new Date(),
  batch: number = PROCESSED_MARK_FORGET_BATCH,
): Promise<number> {
  const cutoff = new Date(now.getTime() - PROCESSED_MARK_RETENTION_MS);
  let forgotten = 0;
  for (;;) {
    const [{ deleted }]: { deleted: number }[] = await dataSource.query(
      `WITH gone AS (
         DELETE FROM processed_events WHERE (consumer, event_id) IN (
           SELECT consumer, event_id FROM processed_events WHERE processed_at < $1
           LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT count(*)::int AS deleted FROM gone`,
      [cutoff, batch],
    );
    forgotten += deleted;
    if (deleted < batch) return forgotten;
  }
}
