import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's choice per mail (OWNER_MAIL_CHOICES) in place of the one digest switch: `owner_mails_off` lists the
 * mails they turned off, none by default. A couple who had turned the digest off keeps every part of it off.
 */
export class OwnerMailChoices1798790000000 implements MigrationInterface {
  name = 'OwnerMailChoices1798790000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE events ADD COLUMN owner_mails_off text[] NOT NULL DEFAULT '{}'`);
    await db.query(
      `UPDATE events SET owner_mails_off = ARRAY['waitingPhotos', 'waitingMessages', 'storageEnding', 'backupStopped']
       WHERE NOT owner_digest`,
    );
    await db.query('ALTER TABLE events DROP COLUMN owner_digest');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events ADD COLUMN owner_digest boolean NOT NULL DEFAULT true');
    await db.query(
      `UPDATE events SET owner_digest = false
       WHERE owner_mails_off @> ARRAY['waitingPhotos', 'waitingMessages', 'storageEnding', 'backupStopped']`,
    );
    await db.query('ALTER TABLE events DROP COLUMN owner_mails_off');
  }
}
