import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who sees which photos, on the gallery's row: `everyone` (as before this setting), `own` (a drop box) or
 * `reveal` at `reveal_at`.
 */
export class PhotoVisibility1798412000000 implements MigrationInterface {
  name = 'PhotoVisibility1798412000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE events
        ADD COLUMN photo_visibility text NOT NULL DEFAULT 'everyone',
        ADD COLUMN reveal_at timestamptz`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE events DROP COLUMN photo_visibility, DROP COLUMN reveal_at`);
  }
}
