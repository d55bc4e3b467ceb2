import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Zips of photos a guest chose ("Find me"'s "Download these"): the photos' ids, and a hash of their sorted list
 * that tells two such zips apart, so two guests' builds of one gallery at once are two jobs, and a zip of the same
 * photos is reused. Null for every zip of a whole gallery.
 */
export class ChosenPhotoZips1798700000000 implements MigrationInterface {
  name = 'ChosenPhotoZips1798700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE archive_jobs ADD COLUMN photo_ids uuid[], ADD COLUMN photo_set text');
    await db.query('DROP INDEX archive_jobs_one_build');
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build
         ON archive_jobs (event_code, layout, jpeg_copies, guest_copies, (coalesce(photo_set, '')))
         WHERE status = 'building'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DELETE FROM archive_jobs WHERE photo_set IS NOT NULL`);
    await db.query('DROP INDEX archive_jobs_one_build');
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build ON archive_jobs (event_code, layout, jpeg_copies, guest_copies)
         WHERE status = 'building'`,
    );
    await db.query('ALTER TABLE archive_jobs DROP COLUMN photo_ids, DROP COLUMN photo_set');
  }
}
