import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateBackups1795704407460 implements MigrationInterface {
  name = 'CreateBackups1795704407460';

  async up(db: QueryRunner): Promise<void> {
    // A gallery's drive: one per gallery. Its credentials only ever sealed (AES-256-GCM, see CredentialCipher).
    await db.query(`CREATE TABLE backup_destinations (
      id uuid PRIMARY KEY,
      event_code text NOT NULL UNIQUE,
      kind text NOT NULL CHECK (kind IN ('WEBDAV')),
      address text NOT NULL,
      username text NOT NULL,
      credentials bytea NOT NULL,
      gallery_name text NOT NULL,
      folder_per_guest boolean NOT NULL DEFAULT false,
      plan text NOT NULL,
      expires_at timestamptz NOT NULL,
      state text NOT NULL DEFAULT 'ACTIVE' CHECK (state IN ('ACTIVE', 'STOPPED')),
      stop_reason text CHECK (stop_reason IN ('PLAN', 'EXPIRED')),
      last_failure text,
      last_error text,
      last_error_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`);
    // One row per photo and destination: the key makes a photo told twice (redelivery, "back up everything now")
    // one copy. due_at is also the claim: a worker moves it forward while it copies, so a dead worker's copy
    // comes due again.
    await db.query(`CREATE TABLE backup_items (
      destination_id uuid NOT NULL REFERENCES backup_destinations (id) ON DELETE CASCADE,
      photo_id uuid NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'copied', 'gone')),
      attempts integer NOT NULL DEFAULT 0,
      due_at timestamptz NOT NULL DEFAULT now(),
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      copied_at timestamptz,
      PRIMARY KEY (destination_id, photo_id)
    )`);
    await db.query(`CREATE INDEX backup_items_due ON backup_items (due_at) WHERE status = 'pending'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE backup_items');
    await db.query('DROP TABLE backup_destinations');
  }
}
