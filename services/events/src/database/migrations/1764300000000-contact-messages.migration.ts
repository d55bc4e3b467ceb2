import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Messages from the contact page, each mailed to the team once; unsent ones are retried. */
export class ContactMessages1764300000000 implements MigrationInterface {
  name = 'ContactMessages1764300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE contact_messages (
      id uuid PRIMARY KEY,
      name text NOT NULL,
      email text NOT NULL,
      subject text NOT NULL,
      message text NOT NULL,
      language text NOT NULL CHECK (language IN ('en', 'fr', 'es')),
      created_at timestamptz NOT NULL,
      mailed_at timestamptz,
      mail_attempts int NOT NULL DEFAULT 0,
      next_attempt_at timestamptz NOT NULL
    )`);
    await db.query(
      'CREATE INDEX contact_messages_unsent ON contact_messages (next_attempt_at) WHERE mailed_at IS NULL',
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE contact_messages');
  }
}
