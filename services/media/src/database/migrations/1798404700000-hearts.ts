import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Hearts: one row per photo and guest identity (the primary key makes a second heart impossible), the photo's
 * count kept beside it in the same statement, and an index for the gallery's "Most loved" order.
 */
export class Hearts1798404700000 implements MigrationInterface {
  name = 'Hearts1798404700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos ADD COLUMN heart_count integer NOT NULL DEFAULT 0');
    await db.query(`CREATE TABLE hearts (
      photo_id uuid NOT NULL REFERENCES photos (id) ON DELETE CASCADE,
      guest_id text NOT NULL,
      event_code text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (photo_id, guest_id)
    )`);
    await db.query('CREATE INDEX hearts_by_gallery_and_guest ON hearts (event_code, guest_id)');
    await db.query(
      'CREATE INDEX photos_gallery_most_loved ON photos (event_code, heart_count DESC, created_at DESC, id DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX photos_gallery_most_loved');
    await db.query('DROP TABLE hearts');
    await db.query('ALTER TABLE photos DROP COLUMN heart_count');
  }
}
