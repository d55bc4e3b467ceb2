import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The marks past their retention are found by age (forgetExpiredMarks), without reading the whole table. */
export class IndexProcessedEventTimes1798900000000 implements MigrationInterface {
  name = 'IndexProcessedEventTimes1798900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query('CREATE INDEX processed_events_processed_at ON processed_events (processed_at)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX processed_events_processed_at');
  }
}
