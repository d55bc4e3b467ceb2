import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How each upload's URL was signed: to create its object once and never replace it (`put_once`), or not. Its
 * confirmation checks the object in place only then, whatever storage is found to do by the time it runs. Uploads
 * made before have false: they are copied before their checks, as they were.
 */
export class UploadPutOnce1798680000000 implements MigrationInterface {
  name = 'UploadPutOnce1798680000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE uploads ADD COLUMN put_once boolean NOT NULL DEFAULT false');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE uploads DROP COLUMN put_once');
  }
}
