import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's approval: each photo's review state (every existing photo approved), whether the gallery asks
 * for approval, and how many of its counted photos guests do not see (waiting or hidden).
 */
export class PhotoApproval1798610000000 implements MigrationInterface {
  name = 'PhotoApproval1798610000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE photos ADD COLUMN review text NOT NULL DEFAULT 'approved'`);
    await db.query(`
      ALTER TABLE galleries
        ADD COLUMN photo_approval boolean NOT NULL DEFAULT false,
        ADD COLUMN withheld_count integer NOT NULL DEFAULT 0`);
    // The queue screen: a gallery's photos in one review state, newest first. Only the few not approved.
    await db.query(
      `CREATE INDEX photos_review_queue ON photos (event_code, review, created_at DESC, id DESC)
         WHERE review <> 'approved'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX photos_review_queue`);
    await db.query(`ALTER TABLE galleries DROP COLUMN photo_approval, DROP COLUMN withheld_count`);
    await db.query(`ALTER TABLE photos DROP COLUMN review`);
  }
}
