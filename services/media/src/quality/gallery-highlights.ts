import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { highlightsSize, pickHighlights, type HighlightCandidate } from './highlights.js';

/** A gallery's Highlights: its best photos, picked from what is known of each (pickHighlights). */
@Injectable()
export class GalleryHighlights {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * The ids of a gallery's Highlights, best first: among the photos guests see (approved, not videos, measured),
   * only this guest identity's uploads when `uploaderId` is given.
   */
  async ids(eventCode: string, uploaderId?: string, manager?: EntityManager): Promise<string[]> {
    const params: unknown[] = [eventCode];
    if (uploaderId !== undefined) params.push(uploaderId);
    const rows = (await (manager ?? this.dataSource.manager).query(
      `SELECT id, sharpness, brightness, highlights, heart_count AS "heartCount",
              COALESCE(uploader_id, guest_name) AS uploader, created_at AS "createdAt",
              duplicate_group AS "duplicateGroup", face_count AS "faceCount"
         FROM photos
        WHERE event_code = $1 AND review = 'approved' AND kind = 'photo' AND sharpness IS NOT NULL
              AND highlights IS NOT NULL ${uploaderId !== undefined ? 'AND uploader_id = $2' : ''}`,
      params,
    )) as HighlightCandidate[];
    return pickHighlights(rows, highlightsSize(rows.length));
  }
}
