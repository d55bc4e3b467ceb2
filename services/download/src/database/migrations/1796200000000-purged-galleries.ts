import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The galleries that ended (event.expired): a build that was running when its gallery was purged, or a request
 * that passed its permission check just before, must not leave a zip of it behind.
 */
export class PurgedGalleries1796200000000 implements MigrationInterface {
  name = 'PurgedGalleries1796200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE purged_galleries (
      event_code text PRIMARY KEY,
      purged_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE purged_galleries');
  }
}
