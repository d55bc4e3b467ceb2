import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's privacy settings, on the gallery's row: when uploads open and close (null: from creation, until
 * the plan's expiry) and whether guests may download single originals (on, as before this setting).
 */
export class PrivacySettings1798320000000 implements MigrationInterface {
  name = 'PrivacySettings1798320000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE events
        ADD COLUMN uploads_open_at timestamptz,
        ADD COLUMN uploads_close_at timestamptz,
        ADD COLUMN guest_originals boolean NOT NULL DEFAULT true`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE events
        DROP COLUMN uploads_open_at,
        DROP COLUMN uploads_close_at,
        DROP COLUMN guest_originals`);
  }
}
