import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The quality sweep (QualitySweep): the photos from before quality measures existed, found by an index of those
 * still without them; `quality_failed_at` when one could not be measured (its preview unreadable), so the sweep
 * tries it again a day later rather than at every run.
 */
export class QualitySweep1798790000000 implements MigrationInterface {
  name = 'QualitySweep1798790000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos ADD COLUMN quality_failed_at timestamptz');
    await db.query(
      `CREATE INDEX photos_unmeasured ON photos (created_at)
        WHERE perceptual_hash IS NULL AND kind = 'photo' AND preview_key IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX photos_unmeasured');
    await db.query('ALTER TABLE photos DROP COLUMN quality_failed_at');
  }
}
