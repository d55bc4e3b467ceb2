import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { ANALYTICS_DAYS, Subjects, type DomainEvent, type GalleryActivityKind } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';

export interface ActivityDay {
  day: string;
  views: number;
  uploads: number;
  downloads: number;
  guests: number;
}

/**
 * First-party analytics for the couple: views and downloads the web app reports (with a random per-browser
 * guest id, never anything identifying), and uploads taken from photo.uploaded. Rows are purged with the
 * gallery (GalleryPurge).
 */
@Injectable()
export class GalleryActivity extends DurableConsumerService {
  static readonly NAME = 'events-gallery-activity';
  protected readonly subjects = [Subjects.PhotoUploaded];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
  ) {
    super(bus, dataSource, GalleryActivity.NAME);
  }

  /** An upload, from photo.uploaded. */
  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    const { photo } = (event as DomainEvent<typeof Subjects.PhotoUploaded>).data;
    // A gallery purged meanwhile gets no new row.
    await manager.query(
      `INSERT INTO gallery_activity (event_code, kind, guest, occurred_at)
       SELECT $1, 'upload', '', $2 WHERE EXISTS (SELECT 1 FROM events WHERE code = $1)`,
      [photo.eventCode, photo.createdAt],
    );
  }

  /** One view or download of an existing gallery; false (nothing recorded) for an unknown code. */
  async record(code: string, kind: Exclude<GalleryActivityKind, 'upload'>, guest: string): Promise<boolean> {
    const inserted: unknown[] = await this.dataSource.query(
      `INSERT INTO gallery_activity (event_code, kind, guest)
       SELECT $1, $2, $3 WHERE EXISTS (SELECT 1 FROM events WHERE code = $1) RETURNING id`,
      [code, kind, guest],
    );
    return inserted.length > 0;
  }

  /** The last ANALYTICS_DAYS days of a gallery, a row per day that had activity, oldest first. */
  async days(code: string): Promise<ActivityDay[]> {
    const rows: { day: string; views: number; uploads: number; downloads: number; guests: number }[] =
      await this.dataSource.query(
        `SELECT to_char(date_trunc('day', occurred_at AT TIME ZONE 'UTC'), 'YYYY-MM-DD') AS day,
                count(*) FILTER (WHERE kind = 'view')::int AS views,
                count(*) FILTER (WHERE kind = 'upload')::int AS uploads,
                count(*) FILTER (WHERE kind = 'download')::int AS downloads,
                count(DISTINCT guest) FILTER (WHERE guest <> '')::int AS guests
         FROM gallery_activity
         WHERE event_code = $1 AND occurred_at > now() - make_interval(days => $2)
         GROUP BY 1 ORDER BY 1`,
        [code, ANALYTICS_DAYS],
      );
    return rows;
  }
}
