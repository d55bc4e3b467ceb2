import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A guest's zip holds the guests' copies of the originals (no location, serial numbers or names), the couple's
 * the untouched originals: another zip, so one build runs per gallery, layout, JPEG copies and this choice.
 * Zips built before are the couple's kind (false): a guest's request no longer reuses one.
 */
export class GuestCopiesInZips1798405700000 implements MigrationInterface {
  name = 'GuestCopiesInZips1798405700000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE archive_jobs ADD COLUMN guest_copies boolean NOT NULL DEFAULT false');
    await db.query('DROP INDEX archive_jobs_one_build');
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build ON archive_jobs (event_code, layout, jpeg_copies, guest_copies)
       WHERE status = 'building'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX archive_jobs_one_build');
    await db.query(`DELETE FROM archive_jobs WHERE guest_copies AND status = 'building'`);
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build ON archive_jobs (event_code, layout, jpeg_copies)
       WHERE status = 'building'`,
    );
    await db.query('ALTER TABLE archive_jobs DROP COLUMN guest_copies');
  }
}
