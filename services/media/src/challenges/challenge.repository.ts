import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import type { ChallengesChangedData } from '@gallery/contracts';
import { EVERY_PHOTO, type PhotoView } from '../photos/photo-audience.js';
import { isPhotoId } from '../photos/photo-id.js';

export interface CountedChallenge {
  id: string;
  prompt: string;
  photoCount: number;
}

/** The read model of each gallery's photo challenges (the events service owns them). */
@Injectable()
export class ChallengeRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The gallery's whole list as `event.challenges-changed` carries it, in the couple's order. */
  async replace(manager: EntityManager, change: ChallengesChangedData): Promise<void> {
    await manager.query('DELETE FROM challenges WHERE event_code = $1', [change.code]);
    if (change.challenges.length === 0) return;
    await manager.query(
      `INSERT INTO challenges (id, event_code, position, prompt)
       SELECT id, $1, position, prompt
         FROM unnest($2::uuid[], $3::text[]) WITH ORDINALITY AS given(id, prompt, position)`,
      [change.code, change.challenges.map((c) => c.id), change.challenges.map((c) => c.prompt)],
    );
  }

  async removeGallery(manager: EntityManager, code: string): Promise<void> {
    await manager.query('DELETE FROM challenges WHERE event_code = $1', [code]);
  }

  /** Whether `id` is one of the gallery's challenges now (any other value, a non-UUID too, is not). */
  async exists(code: string, id: string): Promise<boolean> {
    if (!isPhotoId(id)) return false;
    const rows = (await this.dataSource.query('SELECT 1 FROM challenges WHERE id = $1 AND event_code = $2', [
      id,
      code,
    ])) as unknown[];
    return rows.length > 0;
  }

  /** The gallery's challenges in the couple's order, each with the number of its photos in the gallery. */
  async counted(
    code: string,
    view: PhotoView = EVERY_PHOTO,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CountedChallenge[]> {
    // A guest who sees only their own uploads counts only those ($2 null with uploaderId null: none at all).
    const own = view.uploaderId !== undefined;
    // Approved photos only, and the viewer's own waiting ones ($2 null: approved only).
    return (await manager.query(
      `SELECT c.id, c.prompt,
              (SELECT count(*)::int FROM photos p WHERE p.event_code = c.event_code AND p.challenge_id = c.id
                 AND (p.review = 'approved' OR (p.review = 'waiting' AND p.uploader_id = $2::text))
                 ${own ? 'AND p.uploader_id = $3' : ''})
                AS "photoCount"
         FROM challenges c
        WHERE c.event_code = $1
        ORDER BY c.position`,
      own ? [code, view.viewer ?? null, view.uploaderId] : [code, view.viewer ?? null],
    )) as CountedChallenge[];
  }
}
