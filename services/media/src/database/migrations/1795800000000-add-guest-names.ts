import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A guest's optional name, given with the upload request and kept with each photo it brings. */
export class AddGuestNames1795800000000 implements MigrationInterface {
  name = 'AddGuestNames1795800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE uploads ADD COLUMN guest_name text');
    await db.query('ALTER TABLE photos ADD COLUMN guest_name text');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos DROP COLUMN guest_name');
    await db.query('ALTER TABLE uploads DROP COLUMN guest_name');
  }
}
