import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who uploaded what: the signed guest identity of the browser that asked for the upload (its id, never an
 * address), kept with the upload and copied to its photo, so that guest may delete it. Null for uploads made
 * before, or without an identity.
 */
export class UploaderIdentity1798404600000 implements MigrationInterface {
  name = 'UploaderIdentity1798404600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE uploads ADD COLUMN uploader_id text');
    await db.query('ALTER TABLE photos ADD COLUMN uploader_id text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos DROP COLUMN uploader_id');
    await db.query('ALTER TABLE uploads DROP COLUMN uploader_id');
  }
}
