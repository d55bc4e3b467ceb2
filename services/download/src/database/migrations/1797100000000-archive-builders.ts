import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Which process's lease a build was started under (BuilderLease): a build whose lease is no longer held is
 * failed at once rather than after its heartbeat grows old. Null for builds from before, left to the heartbeat.
 */
export class ArchiveBuilders1797100000000 implements MigrationInterface {
  name = 'ArchiveBuilders1797100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE archive_jobs ADD COLUMN builder integer');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('ALTER TABLE archive_jobs DROP COLUMN builder');
  }
}
