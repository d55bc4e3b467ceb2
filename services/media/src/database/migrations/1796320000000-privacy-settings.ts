import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's privacy settings as media enforces them, kept from `event.privacy-changed`: the upload window
 * (null ends: from creation, until expiry) and whether guests may download single originals.
 */
export class PrivacySettings1796320000000 implements MigrationInterface {
  name = 'PrivacySettings1796320000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE galleries
        ADD COLUMN uploads_open_at timestamptz,
        ADD COLUMN uploads_close_at timestamptz,
        ADD COLUMN guest_originals boolean NOT NULL DEFAULT true`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE galleries
        DROP COLUMN uploads_open_at,
        DROP COLUMN uploads_close_at,
        DROP COLUMN guest_originals`);
  }
}
