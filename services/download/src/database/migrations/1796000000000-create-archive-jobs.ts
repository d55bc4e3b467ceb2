import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateArchiveJobs1796000000000 implements MigrationInterface {
  name = 'CreateArchiveJobs1796000000000';

  async up(db: QueryRunner): Promise<void> {
    // Bumped for each photo added to or removed from a gallery: a zip built at an older version is stale.
    await db.query(`CREATE TABLE gallery_versions (
      event_code text PRIMARY KEY,
      version integer NOT NULL
    )`);
    await db.query(`CREATE TABLE archive_jobs (
      id uuid PRIMARY KEY,
      event_code text NOT NULL,
      gallery_name text NOT NULL,
      version integer NOT NULL,
      status text NOT NULL CHECK (status IN ('building', 'complete', 'failed')),
      object_key text NOT NULL,
      size bigint,
      photo_count integer NOT NULL DEFAULT 0,
      error text,
      created_at timestamptz NOT NULL DEFAULT now(),
      heartbeat_at timestamptz NOT NULL DEFAULT now(),
      finished_at timestamptz,
      expires_at timestamptz,
      deleted_at timestamptz
    )`);
    // At most one build per gallery at a time: a second request joins it (ON CONFLICT on this index).
    await db.query(
      `CREATE UNIQUE INDEX archive_jobs_one_build ON archive_jobs (event_code) WHERE status = 'building'`,
    );
    await db.query(`CREATE INDEX archive_jobs_by_gallery ON archive_jobs (event_code, created_at DESC)`);
    await db.query(
      `CREATE INDEX archive_jobs_to_delete ON archive_jobs (expires_at) WHERE deleted_at IS NULL AND status = 'complete'`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE archive_jobs');
    await db.query('DROP TABLE gallery_versions');
  }
}
