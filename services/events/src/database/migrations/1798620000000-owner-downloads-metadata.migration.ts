import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's choice whether their own downloads keep the originals' metadata (location and all): on for
 * every gallery until its couple turns it off.
 */
export class OwnerDownloadsMetadata1798620000000 implements MigrationInterface {
  name = 'OwnerDownloadsMetadata1798620000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE events ADD COLUMN owner_downloads_keep_metadata boolean NOT NULL DEFAULT true',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events DROP COLUMN owner_downloads_keep_metadata');
  }
}
