import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A gallery's own domain (Premium): one per gallery (the primary key), each host used by one gallery at a time
 * (unique), with the token its TXT record must carry and the state of its last DNS check.
 */
export class CustomDomains1798220000000 implements MigrationInterface {
  name = 'CustomDomains1798220000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE custom_domains (
        event_code text PRIMARY KEY,
        host text NOT NULL UNIQUE,
        token text NOT NULL,
        state text NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'verified', 'failed')),
        failure text,
        found text,
        created_at timestamptz NOT NULL,
        checked_at timestamptz,
        verified_at timestamptz
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE custom_domains');
  }
}
