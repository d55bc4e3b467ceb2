import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The engine now finds faces with BlazeFace and crops each on four points (docs/decisions.md, "Find me"): a
 * selfie's descriptor is no longer comparable with those recorded before, so every photo looked at is queued
 * again. Its old faces stay searchable until the indexer replaces them, photo by photo (`recordFaces`).
 */
export class IndexAgainWithBlazeFace1799100000000 implements MigrationInterface {
  name = 'IndexAgainWithBlazeFace1799100000000';

  async up(db: QueryRunner): Promise<void> {
    // No preview key: the indexer asks media for it, as for a photo queued when its gallery turned "Find me" on.
    await db.query(`INSERT INTO index_queue (photo_id, event_code, preview_key)
      SELECT photo_id, event_code, NULL FROM indexed_photos
      ON CONFLICT (photo_id) DO NOTHING`);
  }

  async down(): Promise<void> {
    // Nothing to undo: a photo looked at again is recorded as before.
  }
}
