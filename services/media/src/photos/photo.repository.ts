import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { PhotoEntity } from './photo.entity.js';
import type { PhotoCursor } from './photo-cursor.js';
import { isPhotoId } from './photo-id.js';
import type { PhotoHint } from '../quality/photo-hint.enum.js';
import { twinOf, withHint } from '../quality/photo-quality.repository.js';
import type { PhotoReviewState } from '@gallery/contracts';

/**
 * Only the photos the couple approved, and the viewer's own waiting ones (`viewer`: a guest identity's id): the
 * one filter every list of photos other guests may read goes through.
 */
export function onlyReviewed<T extends object>(
  query: SelectQueryBuilder<T>,
  viewer: string | null | undefined,
  alias = 'photo',
): SelectQueryBuilder<T> {
  if (!viewer) return query.andWhere(`${alias}.review = 'approved'`);
  return query.andWhere(
    `(${alias}.review = 'approved' OR (${alias}.review = 'waiting' AND ${alias}.uploader_id = :reviewViewer))`,
    { reviewViewer: viewer },
  );
}

/** Photos in PostgreSQL. */
/** Which of a gallery's photos a page lists: one photo challenge's, one table card's, or (empty) all. */
export interface PhotoFilter {
  challengeId?: string | null;
  tableNumber?: number | null;
}

@Injectable()
export class PhotoRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /** The photo with this id; null for any other id, including one that is not a UUID. */
  find(id: string, manager = this.dataSource.manager): Promise<PhotoEntity | null> {
    if (!isPhotoId(id)) return Promise.resolve(null);
    return manager.findOneBy(PhotoEntity, { id });
  }

  /** The photos with these ids, in no particular order. */
  findMany(ids: string[], manager = this.dataSource.manager): Promise<PhotoEntity[]> {
    const valid = ids.filter(isPhotoId);
    if (valid.length === 0) return Promise.resolve([]);
    return manager.findBy(PhotoEntity, { id: In(valid) });
  }

  /**
   * Up to `limit` photos of a gallery, newest first, strictly after the cursor's position when given; only
   * those of one photo challenge, or one table card, when the filter names it.
   */
  newestFirst(
    eventCode: string,
    limit: number,
    after: PhotoCursor | null,
    { challengeId = null, tableNumber = null }: PhotoFilter = {},
    /** Only this guest identity's uploads; null: none; undefined: everyone's (PhotoView). */
    uploaderId?: string | null,
    /** Whose waiting photos are listed too (PhotoView.viewer); otherwise approved ones only. */
    viewer?: string | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PhotoEntity[]> {
    if (uploaderId === null) return Promise.resolve([]);
    const query = manager
      .createQueryBuilder(PhotoEntity, 'photo')
      .where('photo.event_code = :eventCode', { eventCode })
      .orderBy('photo.created_at', 'DESC')
      .addOrderBy('photo.id', 'DESC')
      .limit(limit);
    onlyReviewed(query, viewer);
    if (challengeId) query.andWhere('photo.challenge_id = :challengeId', { challengeId });
    if (tableNumber !== null) query.andWhere('photo.table_number = :tableNumber', { tableNumber });
    if (uploaderId !== undefined) query.andWhere('photo.uploader_id = :uploaderId', { uploaderId });
    if (after) {
      // A row comparison, so PostgreSQL walks the (event_code, created_at, id) index from the cursor.
      query.andWhere('(photo.created_at, photo.id) < (:createdAt, :id)', {
        createdAt: after.createdAt,
        id: after.id,
      });
    }
    return query.getMany();
  }

  /** How many photos one guest identity uploaded to a gallery and sees (approved or waiting, not hidden). */
  countByUploader(
    eventCode: string,
    uploaderId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<number> {
    return onlyReviewed(
      manager
        .createQueryBuilder(PhotoEntity, 'photo')
        .where('photo.event_code = :eventCode AND photo.uploader_id = :uploaderId', {
          eventCode,
          uploaderId,
        }),
      uploaderId,
    ).getCount();
  }

  /** How many of one guest identity's photos in a gallery wait for the couple's approval. */
  countWaitingOf(
    eventCode: string,
    uploaderId: string,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<number> {
    return manager.countBy(PhotoEntity, { eventCode, uploaderId, review: 'waiting' });
  }

  /** How many of a gallery's photos are in each review state other than approved. */
  async reviewCounts(eventCode: string): Promise<{ waiting: number; hidden: number; approved: number }> {
    const rows = (await this.dataSource.query(
      `SELECT review, count(*)::int AS count FROM photos WHERE event_code = $1 GROUP BY review`,
      [eventCode],
    )) as { review: string; count: number }[];
    const of = (review: string) => rows.find((row) => row.review === review)?.count ?? 0;
    return { waiting: of('waiting'), hidden: of('hidden'), approved: of('approved') };
  }

  /**
   * Up to `limit` of a gallery's photos in one review state, newest first, after the cursor when given; only
   * those with `hint` when given.
   */
  inReview(
    eventCode: string,
    review: PhotoReviewState,
    limit: number,
    after: PhotoCursor | null,
    hint?: PhotoHint | null,
  ): Promise<PhotoEntity[]> {
    const query = this.dataSource.manager
      .createQueryBuilder(PhotoEntity, 'photo')
      .where('photo.event_code = :eventCode AND photo.review = :review', { eventCode, review })
      .orderBy('photo.created_at', 'DESC')
      .addOrderBy('photo.id', 'DESC')
      .limit(limit);
    if (hint) withHint(query, hint);
    if (after) {
      query.andWhere('(photo.created_at, photo.id) < (:createdAt, :id)', {
        createdAt: after.createdAt,
        id: after.id,
      });
    }
    return query.getMany();
  }

  /**
   * Up to `limit` photos of a gallery, most hearts first and newest first among equals, strictly after the
   * cursor's position when given (a cursor without a heart count starts over).
   */
  mostLovedFirst(
    eventCode: string,
    limit: number,
    after: PhotoCursor | null,
    /** Only this guest identity's uploads; null: none; undefined: everyone's (PhotoView). */
    uploaderId?: string | null,
    /** Whose waiting photos are listed too (PhotoView.viewer); otherwise approved ones only. */
    viewer?: string | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<PhotoEntity[]> {
    if (uploaderId === null) return Promise.resolve([]);
    const query = manager
      .createQueryBuilder(PhotoEntity, 'photo')
      .where('photo.event_code = :eventCode', { eventCode })
      .orderBy('photo.heart_count', 'DESC')
      .addOrderBy('photo.created_at', 'DESC')
      .addOrderBy('photo.id', 'DESC')
      .limit(limit);
    onlyReviewed(query, viewer);
    if (uploaderId !== undefined) query.andWhere('photo.uploader_id = :uploaderId', { uploaderId });
    if (after && after.heartCount !== undefined) {
      // Walks the (event_code, heart_count, created_at, id) index from the cursor.
      query.andWhere('(photo.heart_count, photo.created_at, photo.id) < (:heartCount, :createdAt, :id)', {
        heartCount: after.heartCount,
        createdAt: after.createdAt,
        id: after.id,
      });
    }
    return query.getMany();
  }

  /**
   * What recording a confirmed upload writes, in one statement (one round trip instead of six), in the
   * caller's transaction, which holds the gallery's and the upload's rows: the scheduled deletions of the
   * attempt's own objects cancelled (`keys`, every one of them must still be scheduled), except the preview's
   * (`previewReservation`), whose reservation is pushed back instead for the preview made right after the
   * commit; the photo inserted, the gallery's count raised (and its withheld count, for a photo that waits for
   * approval), the upload confirmed, the deletion of the staged object the original was copied from (`staged`)
   * scheduled, and the outbox event (`event`) recorded with the gallery's new count as its `data.photoCount`.
   * Returns how many of `keys` were still scheduled and the gallery's new count as guests see it (approved
   * photos); the caller throws (rolling all of it back) when a reservation was gone.
   */
  async recordConfirmed(
    manager: EntityManager,
    photo: PhotoEntity,
    confirmed: {
      keys: string[];
      /** The staged object the original was copied from, deleted once no PUT can land; null when none was. */
      staged: { key: string; notBefore: Date } | null;
      previewReservation?: { key: string; notBefore: Date } | null;
      /** `headers`: the request's id and trace context (outboxHeaders), or null. */
      event: {
        id: string;
        subject: string;
        envelope: object;
        occurredAt: Date;
        headers: Record<string, string> | null;
      };
    },
  ): Promise<{ kept: number; photoCount: number }> {
    // Every column the entity maps, from its metadata: a column added to the photo is never left out here.
    const columns = manager.connection.getMetadata(PhotoEntity).columns;
    const names = columns.map((column) => column.databaseName);
    const values = columns.map((column) => column.getEntityValue(photo) as unknown);
    const hash = `$${names.indexOf('perceptual_hash') + 1}::bigint`;
    // The photo's near-duplicate group, decided in the same statement: the nearest earlier photo of its gallery
    // within the threshold (TWIN_OF, none without a hash), whose group it joins (named by that photo when it had
    // none). The caller holds the gallery's row, so photos recorded at once see each other.
    const placeholders = names.map((name, index) =>
      name === 'duplicate_group'
        ? `COALESCE((SELECT COALESCE(duplicate_group, id) FROM twin), $${index + 1}::uuid)`
        : `$${index + 1}`,
    );
    const next = values.length;
    const reserved = confirmed.previewReservation ?? null;
    const cancelled = confirmed.keys.filter((key) => key !== reserved?.key);
    const { event } = confirmed;
    const [row] = (await manager.query(
      `WITH twin AS (
         ${twinOf(`$${names.indexOf('event_code') + 1}`, hash)}
       ), first_of_group AS (
         UPDATE photos SET duplicate_group = id WHERE id = (SELECT id FROM twin) AND duplicate_group IS NULL
       ), kept AS (
         DELETE FROM storage_deletions WHERE object_key = ANY($${next + 1}::text[]) RETURNING 1
       ), extended AS (
         UPDATE storage_deletions SET not_before = $${next + 5} WHERE object_key = $${next + 4} RETURNING 1
       ), photo AS (
         INSERT INTO photos (${names.join(', ')}) VALUES (${placeholders.join(', ')})
       ), counted AS (
         UPDATE galleries SET photo_count = photo_count + 1,
                withheld_count = withheld_count + CASE WHEN $${names.indexOf('review') + 1} = 'approved' THEN 0 ELSE 1 END
          WHERE code = $${names.indexOf('event_code') + 1}
         RETURNING photo_count - withheld_count AS photo_count
       ), upload AS (
         UPDATE uploads SET status = 'confirmed' WHERE id = $${names.indexOf('id') + 1}
       ), staged AS (
         INSERT INTO storage_deletions (object_key, not_before)
         SELECT $${next + 2}::text, $${next + 3}::timestamptz WHERE $${next + 2}::text IS NOT NULL
       ), event AS (
         INSERT INTO outbox_events (id, subject, envelope, occurred_at, headers)
         VALUES ($${next + 6}, $${next + 7},
                 jsonb_set($${next + 8}::jsonb, '{data,photoCount}', to_jsonb((SELECT photo_count FROM counted))),
                 $${next + 9}, $${next + 10}::jsonb)
       )
       SELECT (SELECT count(*) FROM kept)::int + (SELECT count(*) FROM extended)::int AS kept,
              (SELECT photo_count FROM counted) AS "photoCount"`,
      [
        ...values,
        cancelled,
        confirmed.staged?.key ?? null,
        confirmed.staged?.notBefore ?? null,
        reserved?.key ?? null,
        reserved?.notBefore ?? null,
        event.id,
        event.subject,
        JSON.stringify(event.envelope),
        event.occurredAt,
        event.headers && JSON.stringify(event.headers),
      ],
    )) as { kept: number; photoCount: number }[];
    return row;
  }
}
