import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateEventBusTables1763800000000 implements MigrationInterface {
  name = 'CreateEventBusTables1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE outbox_events (
      id uuid PRIMARY KEY,
      position bigserial NOT NULL,
      subject text NOT NULL,
      envelope jsonb NOT NULL,
      occurred_at timestamptz NOT NULL,
      published_at timestamptz
    )`);
    await db.query(
      `CREATE INDEX outbox_events_unpublished ON outbox_events (position) WHERE published_at IS NULL`,
    );
    await db.query(`CREATE TABLE processed_events (
      consumer text NOT NULL,
      event_id uuid NOT NULL,
      processed_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (consumer, event_id)
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE processed_events');
    await db.query('DROP TABLE outbox_events');
  }
}
