import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Outbox rows that can never be published are parked with their reason instead of blocking the others. */
export class ParkUnpublishableEvents1763800000002 implements MigrationInterface {
  name = 'ParkUnpublishableEvents1763800000002';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE outbox_events
      ADD COLUMN attempts integer NOT NULL DEFAULT 0,
      ADD COLUMN parked_at timestamptz,
      ADD COLUMN last_error text`);
    await db.query('DROP INDEX outbox_events_unpublished');
    await db.query(
      `CREATE INDEX outbox_events_pending ON outbox_events (position) WHERE published_at IS NULL AND parked_at IS NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX outbox_events_pending');
    await db.query(
      `CREATE INDEX outbox_events_unpublished ON outbox_events (position) WHERE published_at IS NULL`,
    );
    await db.query(
      `ALTER TABLE outbox_events DROP COLUMN attempts, DROP COLUMN parked_at, DROP COLUMN last_error`,
    );
  }
}
