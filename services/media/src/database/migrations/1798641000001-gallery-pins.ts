import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What media knows of each gallery's PIN (event.created: none, version 0; event.privacy-changed: its state and
 * version), so guests of a gallery without one are admitted without asking events. Its own table, not columns
 * of galleries: a PIN change heard before the gallery's row exists is kept, not lost. A gallery without a row
 * here is asked about, as before.
 */
export class GalleryPins1798641000001 implements MigrationInterface {
  name = 'GalleryPins1798641000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE gallery_pins (
        code text PRIMARY KEY,
        pin_set boolean NOT NULL,
        version integer NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE gallery_pins');
  }
}
