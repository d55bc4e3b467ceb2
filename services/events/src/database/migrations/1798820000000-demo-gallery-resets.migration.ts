import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The days the demo gallery was put back to its seed: one row per UTC day, whichever replica did it. */
export class DemoGalleryResets1798820000000 implements MigrationInterface {
  name = 'DemoGalleryResets1798820000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE demo_gallery_resets (
      day date PRIMARY KEY,
      reset_at timestamptz NOT NULL DEFAULT now()
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE demo_gallery_resets');
  }
}
