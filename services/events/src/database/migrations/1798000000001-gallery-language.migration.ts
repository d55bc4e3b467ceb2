import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Each gallery's language, for its links, QR codes and mails: the couple's choice, their order's to begin with. */
export class GalleryLanguage1798000000001 implements MigrationInterface {
  name = 'GalleryLanguage1798000000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `ALTER TABLE events ADD COLUMN language text NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'fr', 'es'))`,
    );
    await db.query('UPDATE events e SET language = o.language FROM orders o WHERE o.event_code = e.code');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events DROP COLUMN language');
  }
}
