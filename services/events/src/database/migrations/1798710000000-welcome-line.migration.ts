import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The couple's welcome line on the guest's landing, under their names; null until they write one. */
export class WelcomeLine1798710000000 implements MigrationInterface {
  name = 'WelcomeLine1798710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events ADD COLUMN welcome_line text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events DROP COLUMN welcome_line');
  }
}
