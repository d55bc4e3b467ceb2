import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How many faces "Find me" found in each photo (`photo.faces-counted` from the faces service), for Highlights;
 * null while it is not known (the gallery has "Find me" off, or the photo was not looked at yet).
 */
export class PhotoFaceCounts1798830000000 implements MigrationInterface {
  name = 'PhotoFaceCounts1798830000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos ADD COLUMN face_count integer');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos DROP COLUMN face_count');
  }
}
