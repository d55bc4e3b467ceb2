import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In, type EntityManager } from 'typeorm';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { UploadEntity } from './upload.entity.js';
import type { UploadStatus } from './upload-status.js';
import { isPhotoId } from '../photos/photo-id.js';

/** Upload sessions in PostgreSQL. */
@Injectable()
export class UploadRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  /**
   * Records new uploads of one gallery and says how many of its uploads were pending before them, in one
   * statement, in the caller's transaction (which holds the gallery's row, so the count holds until it
   * commits): the caller refuses, rolling the new rows back, when they are more than the gallery takes.
   */
  async createCountingPending(
    manager: EntityManager,
    eventCode: string,
    uploads: UploadEntity[],
  ): Promise<number> {
    // Every column the entity maps, from its metadata: a column added to the upload is never left out here. A
    // value left unset takes the column's default.
    const columns = manager.connection.getMetadata(UploadEntity).columns;
    const parameters: unknown[] = [eventCode];
    const rows = uploads.map((upload) => {
      const values = columns.map((column) => {
        const value = column.getEntityValue(upload) as unknown;
        if (value === undefined) return 'DEFAULT';
        parameters.push(value);
        return `$${parameters.length}`;
      });
      return `(${values.join(', ')})`;
    });
    // The count reads the statement's snapshot: the rows it inserts are not in it.
    const [{ pending }] = (await manager.query(
      `WITH pending AS (
         SELECT count(*)::int AS pending FROM uploads WHERE event_code = $1 AND status = 'pending'
       ), created AS (
         INSERT INTO uploads (${columns.map((column) => column.databaseName).join(', ')}) VALUES ${rows.join(', ')}
       )
       SELECT pending FROM pending`,
      parameters,
    )) as { pending: number }[];
    return pending;
  }

  /** The gallery's upload with this id; null for any other id, including one that is not a UUID. */
  find(eventCode: string, id: string): Promise<UploadEntity | null> {
    if (!isPhotoId(id)) return Promise.resolve(null);
    return this.dataSource.manager.findOneBy(UploadEntity, { id, eventCode });
  }

  /**
   * The gallery's upload with this id and the gallery's row, in one round trip; null for any other id, including
   * one that is not a UUID, and a null gallery when the upload's gallery is gone.
   */
  async findWithGallery(
    eventCode: string,
    id: string,
  ): Promise<{ upload: UploadEntity; gallery: GalleryEntity | null } | null> {
    if (!isPhotoId(id)) return null;
    const columns = (entity: typeof UploadEntity | typeof GalleryEntity, alias: string, prefix: string) =>
      this.dataSource
        .getMetadata(entity)
        .columns.map((column) => `${alias}.${column.databaseName} AS "${prefix}${column.propertyName}"`);
    // Every column both entities map, from their metadata: a column added to either is never missed.
    const [row] = (await this.dataSource.query(
      `SELECT ${[...columns(UploadEntity, 'u', 'u.'), ...columns(GalleryEntity, 'g', 'g.')].join(', ')}
       FROM uploads u LEFT JOIN galleries g ON g.code = u.event_code
       WHERE u.id = $1 AND u.event_code = $2`,
      [id, eventCode],
    )) as Record<string, unknown>[];
    if (!row) return null;
    const upload: Record<string, unknown> = {};
    const gallery: Record<string, unknown> = {};
    for (const [name, value] of Object.entries(row)) {
      if (name.startsWith('u.')) upload[name.slice(2)] = value;
      else gallery[name.slice(2)] = value;
    }
    return {
      upload: upload as unknown as UploadEntity,
      gallery: gallery.code == null ? null : (gallery as unknown as GalleryEntity),
    };
  }

  /**
   * The gallery's row and the status of its upload `id`, both locked until the caller's transaction ends (the
   * gallery's first), in one round trip; null when either is missing.
   */
  async lockWithGallery(
    manager: EntityManager,
    eventCode: string,
    id: string,
  ): Promise<{ gallery: GalleryEntity; status: UploadStatus } | null> {
    // Every column the gallery entity maps, from its metadata: a setting added to the gallery is never missed.
    const galleryColumns = manager.connection
      .getMetadata(GalleryEntity)
      .columns.map((column) => `g.${column.databaseName} AS "${column.propertyName}"`);
    const [row] = (await manager.query(
      `SELECT ${galleryColumns.join(', ')}, u.status
       FROM galleries g JOIN uploads u ON u.event_code = g.code
       WHERE g.code = $1 AND u.id = $2
       FOR UPDATE OF g, u`,
      [eventCode, id],
    )) as (GalleryEntity & { status: UploadStatus })[];
    if (!row) return null;
    const { status, ...gallery } = row;
    return { gallery, status };
  }

  /**
   * Up to `limit` pending uploads created before `cutoff`, oldest first, locked until the transaction ends.
   * Rows another replica's sweep holds are skipped rather than waited for, so replicas sweeping at once share
   * the work. The literal status matches the partial index `uploads_pending_oldest_first`.
   */
  lockPendingCreatedBefore(manager: EntityManager, cutoff: Date, limit: number): Promise<UploadEntity[]> {
    return manager
      .createQueryBuilder(UploadEntity, 'upload')
      .where("upload.status = 'pending'")
      .andWhere('upload.created_at < :cutoff', { cutoff })
      .orderBy('upload.created_at')
      .limit(limit)
      .setLock('pessimistic_write')
      .setOnLocked('skip_locked')
      .getMany();
  }

  async markAbandoned(manager: EntityManager, ids: string[]): Promise<void> {
    if (ids.length > 0) await manager.update(UploadEntity, { id: In(ids) }, { status: 'abandoned' });
  }

  /** Marks a pending upload refused; false when it was no longer pending (another confirmation got there). */
  async refuseIfPending(id: string): Promise<boolean> {
    const result = await this.dataSource.manager.update(
      UploadEntity,
      { id, status: 'pending' },
      { status: 'refused' },
    );
    return result.affected === 1;
  }
}
