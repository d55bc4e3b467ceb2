import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A photo's preview is made after the photo is committed: `preview_pending` says one is still owed (its
 * `preview_key` is null until then). Photos already stored have theirs. The partial index keeps the sweep that
 * makes lost previews from reading the whole table.
 */
export class PreviewsAfterCommit1796000000000 implements MigrationInterface {
  name = 'PreviewsAfterCommit1796000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos ADD COLUMN preview_pending boolean NOT NULL DEFAULT false');
    await db.query('CREATE INDEX photos_preview_pending ON photos (created_at) WHERE preview_pending');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX photos_preview_pending');
    await db.query('ALTER TABLE photos DROP COLUMN preview_pending');
  }
}
