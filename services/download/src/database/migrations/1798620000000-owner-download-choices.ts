import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couples' choice whether their Download All keeps the originals' metadata, as event.privacy-changed told
 * it. A gallery without a row keeps it (the default).
 */
export class OwnerDownloadChoices1798620000000 implements MigrationInterface {
  name = 'OwnerDownloadChoices1798620000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE owner_download_choices (
      event_code text PRIMARY KEY,
      keep_metadata boolean NOT NULL
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE owner_download_choices');
  }
}
