import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Table cards: the table whose card's QR code a guest opened the gallery from, asked with the upload and kept
 * with the photo, so the gallery filters by table and Download All lays out a folder per table.
 */
export class TableCards1798760000000 implements MigrationInterface {
  name = 'TableCards1798760000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE uploads ADD COLUMN table_number smallint');
    await db.query('ALTER TABLE photos ADD COLUMN table_number smallint');
    await db.query(
      `CREATE INDEX photos_by_table ON photos (event_code, table_number, created_at DESC, id DESC)
        WHERE table_number IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX photos_by_table');
    await db.query('ALTER TABLE photos DROP COLUMN table_number');
    await db.query('ALTER TABLE uploads DROP COLUMN table_number');
  }
}
