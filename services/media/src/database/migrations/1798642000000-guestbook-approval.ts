import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's approval on guestbook messages, as on photos: each message's review state (every existing
 * message approved), and the queue screen's read of one state, newest first, over only the few not approved.
 */
export class GuestbookApproval1798642000000 implements MigrationInterface {
  name = 'GuestbookApproval1798642000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE guestbook_messages ADD COLUMN review text NOT NULL DEFAULT 'approved'`);
    await db.query(
      `CREATE INDEX guestbook_review_queue ON guestbook_messages (event_code, review, created_at DESC, id DESC)
         WHERE review <> 'approved'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX guestbook_review_queue`);
    await db.query(`ALTER TABLE guestbook_messages DROP COLUMN review`);
  }
}
