import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A gallery item may now be a video (Premium): its kind, and its length in seconds. Items stored before are
 * photos.
 */
export class AddVideos1795620000000 implements MigrationInterface {
  name = 'AddVideos1795620000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photos ADD COLUMN kind text NOT NULL DEFAULT 'photo'`);
    await db.query(`ALTER TABLE photos ADD CONSTRAINT photos_kind CHECK (kind IN ('photo', 'video'))`);
    await db.query('ALTER TABLE photos ADD COLUMN duration_seconds double precision');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos DROP COLUMN duration_seconds');
    await db.query('ALTER TABLE photos DROP CONSTRAINT photos_kind');
    await db.query('ALTER TABLE photos DROP COLUMN kind');
  }
}
