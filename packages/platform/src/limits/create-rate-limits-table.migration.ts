import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The counters of RateLimits, in the shape rate-limiter-flexible's PostgreSQL store uses. */
export class CreateRateLimitsTable1763800000001 implements MigrationInterface {
  name = 'CreateRateLimitsTable1763800000001';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE TABLE rate_limits (
      key varchar(255) PRIMARY KEY,
      points integer NOT NULL DEFAULT 0,
      expire bigint
    )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE rate_limits');
  }
}
