import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The galleries' guestbook messages as media's events told them: the zip's readable page lists them. */
export class GuestbookMessages1798405800000 implements MigrationInterface {
  name = 'GuestbookMessages1798405800000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE guestbook_messages (
      id uuid PRIMARY KEY,
      event_code text NOT NULL,
      guest_name text,
      text text NOT NULL,
      created_at timestamptz(3) NOT NULL
    )`);
    await db.query(
      'CREATE INDEX guestbook_messages_by_gallery ON guestbook_messages (event_code, created_at)',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE guestbook_messages');
  }
}
