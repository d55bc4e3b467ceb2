import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The couple's photo challenges, in their order. An edited prompt keeps its id, so the photos taken for it keep
 * their challenge. They go with their gallery (ON DELETE CASCADE), so a purge leaves none behind.
 */
export class PhotoChallenges1798400000000 implements MigrationInterface {
  name = 'PhotoChallenges1798400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE challenges (
        id uuid PRIMARY KEY,
        event_code text NOT NULL REFERENCES events (code) ON DELETE CASCADE,
        position smallint NOT NULL,
        prompt text NOT NULL
      )`);
    await db.query('CREATE INDEX challenges_event_code ON challenges (event_code, position)');
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP TABLE challenges');
  }
}
