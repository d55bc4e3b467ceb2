import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Whether guests may Download All: the owner's choice, off by default. */
export class GuestDownloads1796000000001 implements MigrationInterface {
  name = 'GuestDownloads1796000000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events ADD COLUMN guest_downloads boolean NOT NULL DEFAULT false');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE events DROP COLUMN guest_downloads');
  }
}
