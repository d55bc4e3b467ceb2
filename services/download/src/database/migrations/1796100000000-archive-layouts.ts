import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The owner chooses the zip's layout (by date, or a folder per guest): one build per gallery and layout. */
export class ArchiveLayouts1796100000000 implements MigrationInterface {
  name = 'ArchiveLayouts1796100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE archive_jobs ADD COLUMN layout text NOT NULL DEFAULT 'BY_DATE'`);
    await db.query('DROP INDEX archive_jobs_one_build');
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build ON archive_jobs (event_code, layout) WHERE status = 'building'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX archive_jobs_one_build');
    await db.query(`DELETE FROM archive_jobs WHERE layout <> 'BY_DATE' AND status = 'building'`);
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build ON archive_jobs (event_code) WHERE status = 'building'`,
    );
    await db.query('ALTER TABLE archive_jobs DROP COLUMN layout');
  }
}
