import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The galleries that ended (event.expired) in the last hour: a build that was running when its gallery was
 * purged, or a request that passed its permission check just before, must not leave a zip of it behind. Kept
 * by the SHA-256 of the code, not the code, and only for PURGED_RECORD_MS: nothing of a purged gallery stays.
 */
export class PurgedGalleries1796200000000 implements MigrationInterface {
  name = 'PurgedGalleries1796200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE purged_galleries (
      code_hash bytea PRIMARY KEY,
      purged_at timestamptz NOT NULL DEFAULT now()
    )`);
    await db.query('CREATE INDEX purged_galleries_purged_at ON purged_galleries (purged_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE purged_galleries');
  }
}
