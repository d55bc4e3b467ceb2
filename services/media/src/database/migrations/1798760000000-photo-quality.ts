import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each photo's quality measures (PhotoQuality: sharpness, mean luminance, highlights, perceptual hash), made with
 * its thumbnail, and its near-duplicate group: the id of the group's first photo, null while it has no
 * near-duplicate. Null measures: a video, a HEIC kept without derived images, a photo from before.
 */
export class PhotoQuality1798760000000 implements MigrationInterface {
  name = 'PhotoQuality1798760000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      ALTER TABLE photos
        ADD COLUMN sharpness real,
        ADD COLUMN brightness real,
        ADD COLUMN highlights smallint,
        ADD COLUMN perceptual_hash bigint,
        ADD COLUMN duplicate_group uuid`);
    // The queue asks, for each photo of a group, whether another of its group is left: by group, never a scan.
    await db.query(
      'CREATE INDEX photos_duplicate_group ON photos (duplicate_group) WHERE duplicate_group IS NOT NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX photos_duplicate_group');
    await db.query(`
      ALTER TABLE photos
        DROP COLUMN sharpness,
        DROP COLUMN brightness,
        DROP COLUMN highlights,
        DROP COLUMN perceptual_hash,
        DROP COLUMN duplicate_group`);
  }
}
