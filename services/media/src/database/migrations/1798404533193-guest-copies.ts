import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Each photo gets the copy of its original that guests fetch, without location, serial numbers or names
 * (`guest_original_key`). Photos recorded before have none yet: `guest_copy_pending` marks them for the sweep
 * that makes it, and until then their original is not served to guests.
 */
export class GuestCopies1798404533193 implements MigrationInterface {
  name = 'GuestCopies1798404533193';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE photos ADD COLUMN guest_original_key text');
    await db.query('ALTER TABLE photos ADD COLUMN guest_copy_pending boolean NOT NULL DEFAULT false');
    await db.query('UPDATE photos SET guest_copy_pending = true');
    await db.query('CREATE INDEX photos_guest_copy_pending ON photos (created_at) WHERE guest_copy_pending');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX photos_guest_copy_pending');
    await db.query('ALTER TABLE photos DROP COLUMN guest_copy_pending');
    await db.query('ALTER TABLE photos DROP COLUMN guest_original_key');
  }
}
