import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The slideshow wall: the links a couple opened it with (hashes only; a link is its key) and how long each
 * photo stays on screen. Links go with their gallery (ON DELETE CASCADE), so a purge leaves none behind.
 */
export class WallLinks1798300000000 implements MigrationInterface {
  name = 'WallLinks1798300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events ADD COLUMN wall_interval_seconds smallint NOT NULL DEFAULT 8');
    await db.query(`
      CREATE TABLE wall_links (
        key_hash text PRIMARY KEY,
        event_code text NOT NULL REFERENCES events (code) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await db.query('CREATE INDEX wall_links_event_code ON wall_links (event_code)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE wall_links');
    await db.query('ALTER TABLE events DROP COLUMN wall_interval_seconds');
  }
}
