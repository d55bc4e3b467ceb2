import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The gallery PIN's version: a count that grows with every set, change and removal, published with the PIN's
 * state so other services can tell a newer state from an older one. A gallery whose PIN is already set starts at
 * 1, so version 0 always means "no PIN since the gallery was created".
 */
export class PinVersion1798641000000 implements MigrationInterface {
  name = 'PinVersion1798641000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events ADD COLUMN pin_version integer NOT NULL DEFAULT 0');
    await db.query('UPDATE events SET pin_version = 1 WHERE pin_hash IS NOT NULL');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events DROP COLUMN pin_version');
  }
}
