import type { MigrationInterface, QueryRunner } from 'typeorm';

export class OwnerMetadataChoices1798643000000 implements MigrationInterface {
  name = 'OwnerMetadataChoices1798643000000';

  async up(db: QueryRunner): Promise<void> {
    // Each gallery's choice whether the couple's own copies keep the originals' metadata (from
    // `event.privacy-changed`): kept whether or not a drive is connected, so a drive connected later follows it.
    // A gallery without a row keeps metadata (the setting's default).
    await db.query(`CREATE TABLE backup_owner_choices (
      event_code text PRIMARY KEY,
      keep_metadata boolean NOT NULL
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE backup_owner_choices');
  }
}
