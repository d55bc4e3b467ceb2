import { Inject, Injectable, Optional } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  highlightsSize,
  pickHighlights,
  type HighlightCandidate,
  type HighlightSignal,
} from './highlights.js';

/**
 * Where another part of the product adds what it knows of photos' worth to Highlights (faces "Find me" found,
 * when a service provides them): provide a source under this token. None is provided today.
 */
export const HIGHLIGHT_SIGNAL_SOURCE = Symbol('HighlightSignalSource');

export interface HighlightSignalSource {
  /** Each photo's worth 0 to 1, by id; photos it knows nothing of left out. */
  signalFor(eventCode: string, photoIds: string[]): Promise<HighlightSignal>;
}

/** A gallery's Highlights: its best photos, picked from what is known of each (pickHighlights). */
@Injectable()
export class GalleryHighlights {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Optional()
    @Inject(HIGHLIGHT_SIGNAL_SOURCE)
    private readonly signals: HighlightSignalSource | null = null,
  ) {}

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
              duplicate_group AS "duplicateGroup"
         FROM photos
        WHERE event_code = $1 AND review = 'approved' AND kind = 'photo' AND sharpness IS NOT NULL
              AND highlights IS NOT NULL ${uploaderId !== undefined ? 'AND uploader_id = $2' : ''}`,
      params,
    )) as HighlightCandidate[];
    const signal = this.signals
      ? await this.signals.signalFor(
          eventCode,
          rows.map((row) => row.id),
        )
      : undefined;
    return pickHighlights(rows, highlightsSize(rows.length), signal);
  }
}
