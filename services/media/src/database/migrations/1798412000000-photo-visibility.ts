import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The read model of who sees which photos, and which reveal moment open screens were last told of. */
export class PhotoVisibility1798412000000 implements MigrationInterface {
  name = 'PhotoVisibility1798412000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE galleries
        ADD COLUMN photo_visibility text NOT NULL DEFAULT 'everyone',
        ADD COLUMN reveal_at timestamptz,
        ADD COLUMN revealed_for timestamptz`);
    // A guest's own photos are listed by uploader: the drop box's page query.
    await db.query(
      `CREATE INDEX photos_uploader_newest_first ON photos (event_code, uploader_id, created_at DESC, id DESC)`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX photos_uploader_newest_first`);
    await db.query(
      `ALTER TABLE galleries DROP COLUMN photo_visibility, DROP COLUMN reveal_at, DROP COLUMN revealed_for`,
    );
  }
}
