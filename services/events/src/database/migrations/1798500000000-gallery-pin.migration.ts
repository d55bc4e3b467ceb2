import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gallery PIN: its scrypt hash on the gallery's row (null: no PIN), and the passes guests earned by
 * entering it, each kept as its SHA-256 and gone with its gallery.
 */
export class GalleryPin1798500000000 implements MigrationInterface {
  name = 'GalleryPin1798500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events ADD COLUMN pin_hash text');
    await db.query(`
      CREATE TABLE pin_passes (
        token_hash text PRIMARY KEY,
        event_code text NOT NULL REFERENCES events(code) ON DELETE CASCADE,
        expires_at timestamptz NOT NULL
      )`);
    await db.query('CREATE INDEX pin_passes_event_code ON pin_passes (event_code)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE pin_passes');
    await db.query('ALTER TABLE events DROP COLUMN pin_hash');
  }
}
