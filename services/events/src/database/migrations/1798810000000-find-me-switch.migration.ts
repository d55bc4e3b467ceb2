import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Whether the couple turned "Find me" on, as the faces service said it last (`event.find-me-changed`, at
 * `find_me_changed_at`): a guest's photos-ready mail links to "photos of you" only where it is on.
 */
export class FindMeSwitch1798810000000 implements MigrationInterface {
  name = 'FindMeSwitch1798810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE events ADD COLUMN find_me_on boolean NOT NULL DEFAULT false,
                         ADD COLUMN find_me_changed_at timestamptz`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events DROP COLUMN find_me_changed_at, DROP COLUMN find_me_on');
  }
}
