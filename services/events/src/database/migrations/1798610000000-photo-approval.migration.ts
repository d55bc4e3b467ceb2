import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether new guest photos wait for the couple's approval, on the gallery's row (off, as before the setting). */
export class PhotoApproval1798610000000 implements MigrationInterface {
  name = 'PhotoApproval1798610000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE events ADD COLUMN photo_approval boolean NOT NULL DEFAULT false`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE events DROP COLUMN photo_approval`);
  }
}
