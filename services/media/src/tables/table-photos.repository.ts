import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { EVERY_PHOTO, type PhotoView } from '../photos/photo-audience.js';

export interface CountedTable {
  number: number;
  photoCount: number;
}

/** The tables whose cards tagged a gallery's photos (table cards): read from the photos themselves. */
@Injectable()
export class TablePhotosRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** Each table with photos the caller sees, in table order, with how many. */
  async counted(
    code: string,
    view: PhotoView = EVERY_PHOTO,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<CountedTable[]> {
    // Counted as the challenges are: approved photos and the viewer's own waiting ones, and only the caller's
    // own uploads when that is all they see ($3; uploaderId null: none at all).
    const own = view.uploaderId !== undefined;
    return (await manager.query(
      `SELECT p.table_number AS "number", count(*)::int AS "photoCount"
         FROM photos p
        WHERE p.event_code = $1 AND p.table_number IS NOT NULL
          AND (p.review = 'approved' OR (p.review = 'waiting' AND p.uploader_id = $2::text))
          ${own ? 'AND p.uploader_id = $3' : ''}
        GROUP BY p.table_number
        ORDER BY p.table_number`,
      own ? [code, view.viewer ?? null, view.uploaderId] : [code, view.viewer ?? null],
    )) as CountedTable[];
  }
}
