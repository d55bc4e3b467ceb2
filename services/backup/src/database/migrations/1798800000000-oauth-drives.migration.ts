import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OAuthDrives1798800000000 implements MigrationInterface {
  name = 'OAuthDrives1798800000000';

  async up(db: QueryRunner): Promise<void> {
    // Google Drive and Dropbox: `username` holds the account's email, `credentials` the sealed refresh token.
    await db.query('ALTER TABLE backup_destinations DROP CONSTRAINT backup_destinations_kind_check');
    await db.query(`ALTER TABLE backup_destinations ADD CONSTRAINT backup_destinations_kind_check
      CHECK (kind IN ('WEBDAV', 'GOOGLE_DRIVE', 'DROPBOX'))`);
    // A drive's sign-in in progress, from the owner's button to the drive's callback: used once (deleted by the
    // callback), with the gallery's facts as they were when the owner asked. Rows past expires_at are swept.
    await db.query(`CREATE TABLE backup_oauth_states (
      nonce uuid PRIMARY KEY,
      kind text NOT NULL CHECK (kind IN ('GOOGLE_DRIVE', 'DROPBOX')),
      event_code text NOT NULL,
      gallery_name text NOT NULL,
      plan text NOT NULL,
      gallery_expires_at timestamptz NOT NULL,
      folder_per_guest boolean NOT NULL,
      expires_at timestamptz NOT NULL
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE backup_oauth_states');
    await db.query("DELETE FROM backup_destinations WHERE kind <> 'WEBDAV'");
    await db.query('ALTER TABLE backup_destinations DROP CONSTRAINT backup_destinations_kind_check');
    await db.query(`ALTER TABLE backup_destinations ADD CONSTRAINT backup_destinations_kind_check
      CHECK (kind IN ('WEBDAV'))`);
  }
}
