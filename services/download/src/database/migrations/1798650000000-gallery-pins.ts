import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What download knows of each gallery's PIN (event.created: none, version 0; event.privacy-changed and events'
 * answers: its state and version), so a guest's Download All of a gallery without one asks events nothing
 * (StoredGalleryPins). A gallery without a row here is asked about once, and its state learnt from the answer.
 */
export class GalleryPins1798650000000 implements MigrationInterface {
  name = 'GalleryPins1798650000000';

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
