import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Guestbook messages: kept by media with the gallery's photos, newest first per gallery. */
export class Guestbook1798404800000 implements MigrationInterface {
  name = 'Guestbook1798404800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE guestbook_messages (
      id uuid PRIMARY KEY,
      event_code text NOT NULL,
      guest_id text NOT NULL,
      guest_name text,
      text text NOT NULL,
      created_at timestamptz(3) NOT NULL
    )`);
    await db.query(
      'CREATE INDEX guestbook_gallery_newest_first ON guestbook_messages (event_code, created_at DESC, id DESC)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE guestbook_messages');
  }
}
