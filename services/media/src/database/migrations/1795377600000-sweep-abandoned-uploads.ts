import type { MigrationInterface, QueryRunner } from 'typeorm';

export class SweepAbandonedUploads1795377600000 implements MigrationInterface {
  name = 'SweepAbandonedUploads1795377600000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE uploads
      DROP CONSTRAINT uploads_status_check,
      ADD CONSTRAINT uploads_status_check CHECK (status IN ('pending', 'confirmed', 'refused', 'abandoned'))`);
    // The sweeper looks up pending uploads by age. Few uploads are pending at any time while the table keeps
    // every upload ever made, so a partial index stays tiny where a full one would grow with the table.
    await db.query(
      `CREATE INDEX uploads_pending_oldest_first ON uploads (created_at) WHERE status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX uploads_pending_oldest_first');
    // Like a refused upload, an abandoned one has no object left: the older constraint knows it as refused.
    await db.query(`UPDATE uploads SET status = 'refused' WHERE status = 'abandoned'`);
    await db.query(`ALTER TABLE uploads
      DROP CONSTRAINT uploads_status_check,
      ADD CONSTRAINT uploads_status_check CHECK (status IN ('pending', 'confirmed', 'refused'))`);
  }
}
