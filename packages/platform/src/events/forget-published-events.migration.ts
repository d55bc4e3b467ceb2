import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A published event leaves the outbox at once: JetStream holds it from then on, and a row kept afterwards would
 * keep a gallery's code and its owner's address in the database after the gallery is purged.
 */
export class ForgetPublishedEvents1795392000000 implements MigrationInterface {
  name = 'ForgetPublishedEvents1795392000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('DELETE FROM outbox_events WHERE published_at IS NOT NULL');
    await db.query('DROP INDEX outbox_events_pending');
    await db.query('ALTER TABLE outbox_events DROP COLUMN published_at');
    await db.query(`CREATE INDEX outbox_events_pending ON outbox_events (position) WHERE parked_at IS NULL`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX outbox_events_pending');
    await db.query('ALTER TABLE outbox_events ADD COLUMN published_at timestamptz');
    await db.query(
      `CREATE INDEX outbox_events_pending ON outbox_events (position) WHERE published_at IS NULL AND parked_at IS NULL`,
    );
  }
}
