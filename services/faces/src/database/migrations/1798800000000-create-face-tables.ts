import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * "Find me": which galleries the couple turned it on for, the photos waiting to be looked at, and the faces found
 * (a 128-number descriptor each, no image). Every row names its gallery, so turning "Find me" off or a purge is
 * one DELETE per table.
 */
export class CreateFaceTables1798800000000 implements MigrationInterface {
  name = 'CreateFaceTables1798800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE find_me_galleries (
      event_code text PRIMARY KEY,
      turned_on_at timestamptz NOT NULL DEFAULT now()
    )`);
    // Photos to look at: one per photo, the oldest first. A row goes once the photo's faces are recorded.
    await db.query(`CREATE TABLE index_queue (
      photo_id uuid PRIMARY KEY,
      event_code text NOT NULL,
      preview_key text,
      queued_at timestamptz NOT NULL DEFAULT now(),
      attempts integer NOT NULL DEFAULT 0
    )`);
    await db.query(`CREATE INDEX index_queue_by_gallery ON index_queue (event_code)`);
    await db.query(`CREATE INDEX index_queue_oldest_first ON index_queue (queued_at)`);
    // Photos looked at, faces or not: a photo is never looked at twice.
    await db.query(`CREATE TABLE indexed_photos (
      photo_id uuid PRIMARY KEY,
      event_code text NOT NULL,
      face_count integer NOT NULL,
      indexed_at timestamptz NOT NULL DEFAULT now()
    )`);
    await db.query(`CREATE INDEX indexed_photos_by_gallery ON indexed_photos (event_code)`);
    await db.query(`CREATE TABLE photo_faces (
      id bigserial PRIMARY KEY,
      event_code text NOT NULL,
      photo_id uuid NOT NULL,
      -- 128 float32, little-endian: read back far faster than a real[] for a brute-force search.
      descriptor bytea NOT NULL CHECK (octet_length(descriptor) = 512)
    )`);
    await db.query(`CREATE INDEX photo_faces_by_gallery ON photo_faces (event_code)`);
    await db.query(`CREATE INDEX photo_faces_by_photo ON photo_faces (photo_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE photo_faces');
    await db.query('DROP TABLE indexed_photos');
    await db.query('DROP TABLE index_queue');
    await db.query('DROP TABLE find_me_galleries');
  }
}
