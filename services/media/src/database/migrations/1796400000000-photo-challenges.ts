import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Photo challenges: the read model of each gallery's list (from `event.challenges-changed`), and the challenge
 * an upload was asked for, kept by its photo. A photo keeps its challenge id when the couple removes the
 * challenge; it is then counted under none.
 */
export class PhotoChallenges1796400000000 implements MigrationInterface {
  name = 'PhotoChallenges1796400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE challenges (
        id uuid PRIMARY KEY,
        event_code text NOT NULL,
        position smallint NOT NULL,
        prompt text NOT NULL
      )`);
    await db.query('CREATE INDEX challenges_event_code ON challenges (event_code, position)');
    await db.query('ALTER TABLE uploads ADD COLUMN challenge_id uuid');
    await db.query('ALTER TABLE photos ADD COLUMN challenge_id uuid');
    // A challenge's photos newest first, and its count, from the index alone.
    await db.query(
      `CREATE INDEX photos_challenge_newest_first ON photos (event_code, challenge_id, created_at, id)
        WHERE challenge_id IS NOT NULL`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query('DROP INDEX photos_challenge_newest_first');
    await db.query('ALTER TABLE photos DROP COLUMN challenge_id');
    await db.query('ALTER TABLE uploads DROP COLUMN challenge_id');
    await db.query('DROP TABLE challenges');
  }
}
