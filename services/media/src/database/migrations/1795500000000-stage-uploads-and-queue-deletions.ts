import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Uploads now land on a staging key and confirmed photos live on keys of their own, so nothing a browser can
 * still PUT to is ever served. Objects to delete go through a durable queue, retried until storage answers.
 * Existing rows keep their keys: photos stored before keep being served from where they are.
 */
export class StageUploadsAndQueueDeletions1795500000000 implements MigrationInterface {
  name = 'StageUploadsAndQueueDeletions1795500000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE storage_deletions (
      id bigserial PRIMARY KEY,
      object_key text NOT NULL,
      not_before timestamptz NOT NULL,
      attempts integer NOT NULL DEFAULT 0
    )`);
    await db.query('CREATE INDEX storage_deletions_due_first ON storage_deletions (not_before)');
    await db.query('CREATE INDEX storage_deletions_by_key ON storage_deletions (object_key)');
    // Slot requests count a gallery's pending uploads under its row lock: few are pending at any time.
    await db.query(
      `CREATE INDEX uploads_pending_per_gallery ON uploads (event_code) WHERE status = 'pending'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX uploads_pending_per_gallery');
    await db.query('DROP TABLE storage_deletions');
  }
}
