import type { MigrationInterface, QueryRunner } from 'typeorm';

export class DuePerDestination1799100000000 implements MigrationInterface {
  name = 'DuePerDestination1799100000000';

  async up(db: QueryRunner): Promise<void> {
    // The worker claims each drive's next copies in turn (a few per gallery, not the oldest of all): each
    // destination's due copies in order, without reading another gallery's thousands.
    await db.query(
      `CREATE INDEX backup_items_due_per_destination ON backup_items (destination_id, due_at) WHERE status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX backup_items_due_per_destination');
  }
}
