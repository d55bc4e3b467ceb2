import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When the gallery's reaching its plan's photo limit was recorded (photo.limit-reached): the couple is told once
 * per gallery, whatever deletions and new photos move its count around the limit afterwards.
 */
export class GalleryFullAnnounced1798700000000 implements MigrationInterface {
  name = 'GalleryFullAnnounced1798700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE galleries ADD COLUMN full_announced_at timestamptz');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE galleries DROP COLUMN full_announced_at');
  }
}
