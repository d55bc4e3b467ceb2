import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A refunded gallery keeps its photos but takes no new ones until its reverted plan's expiry. */
export class RefundedGalleriesReadOnly1795700000000 implements MigrationInterface {
  name = 'RefundedGalleriesReadOnly1795700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE galleries ADD COLUMN read_only boolean NOT NULL DEFAULT false');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE galleries DROP COLUMN read_only');
  }
}
