import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateMediaTables1763900000000 implements MigrationInterface {
  name = 'CreateMediaTables1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE galleries (
      code text PRIMARY KEY,
      plan text NOT NULL,
      expires_at timestamptz NOT NULL,
      photo_count integer NOT NULL DEFAULT 0 CHECK (photo_count >= 0)
    )`);
    await db.query(`CREATE TABLE uploads (
      id uuid PRIMARY KEY,
      event_code text NOT NULL,
      object_key text NOT NULL,
      file_name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'refused')),
      created_at timestamptz NOT NULL
    )`);
    await db.query(`CREATE TABLE photos (
      id uuid PRIMARY KEY,
      event_code text NOT NULL,
      original_key text NOT NULL,
      thumbnail_key text,
      preview_key text,
      file_name text NOT NULL,
      content_type text NOT NULL,
      size integer NOT NULL,
      width integer NOT NULL,
      height integer NOT NULL,
      created_at timestamptz(3) NOT NULL
    )`);
    // Read backwards, this index serves the newest-first keyset pages of one gallery.
    await db.query('CREATE INDEX photos_gallery_newest_first ON photos (event_code, created_at, id)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE photos');
    await db.query('DROP TABLE uploads');
    await db.query('DROP TABLE galleries');
  }
}
