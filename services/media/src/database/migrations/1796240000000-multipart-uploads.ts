import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Large files go to storage in parts that a browser can resume: an upload then names its storage multipart
 * upload and the part size its parts were cut to (kept with the upload, so a later change of the size never
 * breaks an upload in flight). Both stay null for files sent in one PUT.
 */
export class MultipartUploads1796240000000 implements MigrationInterface {
  name = 'MultipartUploads1796240000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE uploads ADD COLUMN multipart_upload_id text');
    await db.query('ALTER TABLE uploads ADD COLUMN part_size integer');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE uploads DROP COLUMN part_size');
    await db.query('ALTER TABLE uploads DROP COLUMN multipart_upload_id');
  }
}
