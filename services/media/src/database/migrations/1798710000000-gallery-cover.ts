import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's cover photo, one of the gallery's photos, shown on the guest's landing. No foreign key: a photo
 * removed later leaves the landing without a cover, which the read checks.
 */
export class GalleryCover1798710000000 implements MigrationInterface {
  name = 'GalleryCover1798710000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE galleries ADD COLUMN cover_photo_id uuid');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE galleries DROP COLUMN cover_photo_id');
  }
}
