import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The owner may add JPEG copies of HEIC originals beside them in the zip: a zip with copies is another zip, so
 * one build runs per gallery, layout and choice.
 */
export class JpegCopies1798100000000 implements MigrationInterface {
  name = 'JpegCopies1798100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE archive_jobs ADD COLUMN jpeg_copies boolean NOT NULL DEFAULT false');
    await db.query('DROP INDEX archive_jobs_one_build');
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build ON archive_jobs (event_code, layout, jpeg_copies)
       WHERE status = 'building'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX archive_jobs_one_build');
    await db.query(`DELETE FROM archive_jobs WHERE jpeg_copies AND status = 'building'`);
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build ON archive_jobs (event_code, layout) WHERE status = 'building'`,
    );
    await db.query('ALTER TABLE archive_jobs DROP COLUMN jpeg_copies');
  }
}
