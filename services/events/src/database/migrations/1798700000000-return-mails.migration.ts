import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The mails that bring people back. `photos_ready_requests`: a guest's "tell me when the photos are in", one per
 * guest identity and gallery, its address erased once the mail went (docs/security.md, "Guests' addresses").
 * `owner_digests`: one row per gallery and day a digest was queued, whose key makes it once whatever the replicas.
 * On the gallery: whether the couple wants the digest, and when its backup stopped.
 */
export class ReturnMails1798700000000 implements MigrationInterface {
  name = 'ReturnMails1798700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE photos_ready_requests (
      id uuid PRIMARY KEY,
      event_code text NOT NULL REFERENCES events(code) ON DELETE CASCADE,
      guest_id text NOT NULL,
      email text,
      language text NOT NULL,
      time_zone text NOT NULL,
      created_at timestamptz NOT NULL,
      queued_at timestamptz,
      sent_at timestamptz,
      UNIQUE (event_code, guest_id)
    )`);
    await db.query(
      'CREATE UNIQUE INDEX photos_ready_requests_address ON photos_ready_requests (event_code, lower(email))',
    );
    await db.query(
      'CREATE INDEX photos_ready_requests_waiting ON photos_ready_requests (event_code) WHERE queued_at IS NULL',
    );
    await db.query(`CREATE TABLE owner_digests (
      event_code text NOT NULL REFERENCES events(code) ON DELETE CASCADE,
      day date NOT NULL,
      PRIMARY KEY (event_code, day)
    )`);
    await db.query('ALTER TABLE events ADD COLUMN owner_digest boolean NOT NULL DEFAULT true');
    await db.query('ALTER TABLE events ADD COLUMN backup_stopped_at timestamptz');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events DROP COLUMN backup_stopped_at');
    await db.query('ALTER TABLE events DROP COLUMN owner_digest');
    await db.query('DROP TABLE owner_digests');
    await db.query('DROP TABLE photos_ready_requests');
  }
}
