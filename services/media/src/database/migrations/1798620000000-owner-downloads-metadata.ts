import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The read model of the couple's choice whether their own original downloads keep the metadata. */
export class OwnerDownloadsMetadata1798620000000 implements MigrationInterface {
  name = 'OwnerDownloadsMetadata1798620000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      'ALTER TABLE galleries ADD COLUMN owner_downloads_keep_metadata boolean NOT NULL DEFAULT true',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE galleries DROP COLUMN owner_downloads_keep_metadata');
  }
}
