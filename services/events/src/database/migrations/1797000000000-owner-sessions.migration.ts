import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's side: sessions and one-time sign-in links (hashes only, by email), the mails that announce a
 * gallery's end, and the first-party activity the analytics dashboard draws.
 */
export class OwnerSessions1797000000000 implements MigrationInterface {
  name = 'OwnerSessions1797000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE owner_sessions (
      token_hash text PRIMARY KEY,
      email text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    )`);
    await db.query('CREATE INDEX owner_sessions_expires_at ON owner_sessions (expires_at)');
    await db.query(`CREATE TABLE sign_in_links (
      token_hash text PRIMARY KEY,
      email text NOT NULL,
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    )`);
    await db.query('CREATE INDEX sign_in_links_expires_at ON sign_in_links (expires_at)');
    await db.query('CREATE INDEX orders_email ON orders (lower(email))');
    await db.query('ALTER TABLE events ADD COLUMN ending_mailed_at timestamptz');
    await db.query('ALTER TABLE events ADD COLUMN reminder_mailed_at timestamptz');
    await db.query(`CREATE TABLE gallery_activity (
      id bigserial PRIMARY KEY,
      event_code text NOT NULL,
      kind text NOT NULL,
      guest text NOT NULL,
      occurred_at timestamptz NOT NULL DEFAULT now()
    )`);
    await db.query('CREATE INDEX gallery_activity_event ON gallery_activity (event_code, occurred_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE gallery_activity');
    await db.query('ALTER TABLE events DROP COLUMN reminder_mailed_at');
    await db.query('ALTER TABLE events DROP COLUMN ending_mailed_at');
    await db.query('DROP INDEX orders_email');
    await db.query('DROP TABLE sign_in_links');
    await db.query('DROP TABLE owner_sessions');
  }
}
