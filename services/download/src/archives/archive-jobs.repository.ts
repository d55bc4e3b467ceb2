import { createHash, randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import type { ArchiveLayoutId } from '@gallery/contracts';
import { ArchiveJobEntity } from './archive-job.entity.js';
import { ARCHIVES_PREFIX } from './archive-storage.js';
import { BUILDER_LOCK_NAMESPACE } from './builder-lease.js';

/**
 * How long a purged gallery is remembered (by its code's hash): far longer than a request takes from its
 * permission check to starting a build, the only step that has nothing else to find the purge by.
 */
export const PURGED_RECORD_MS = 60 * 60 * 1000;

/** What a zip holds besides the photo set: its layout and whether HEIC originals get JPEG copies. */
export interface ArchiveOptions {
  layout: ArchiveLayoutId;
  jpegCopies: boolean;
  /** A guest's zip: the guests' copies rather than the originals. */
  guestCopies: boolean;
  /** A zip of chosen photos (PHOTOS_OF_YOU): the hash of their sorted ids (photoSetOf); null or absent: all. */
  photoSet?: string | null;
}

/** The hash that names a set of photos, whatever their order: two zips of the same photos are one. */
export function photoSetOf(ids: readonly string[]): string {
  return createHash('sha256')
    .update([...new Set(ids.map((id) => id.toLowerCase()))].sort().join(','))
    .digest('hex');
}

/** The SQL of a gallery code's SHA-256, what purged_galleries keeps instead of the code. */
const CODE_HASH = (parameter: string) => `sha256(convert_to(${parameter}, 'UTF8'))`;

/** The archive jobs and the galleries' photo-set versions in PostgreSQL. */
@Injectable()
export class ArchiveJobsRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  async currentVersion(code: string): Promise<number> {
    const rows: { version: number }[] = await this.dataSource.query(
      'SELECT version FROM gallery_versions WHERE event_code = $1',
      [code],
    );
    return rows[0]?.version ?? 0;
  }

  /** A photo was added to or removed from the gallery: every zip built before is stale. */
  async bumpVersion(manager: EntityManager, code: string): Promise<void> {
    await manager.query(
      `INSERT INTO gallery_versions (event_code, version) VALUES ($1, 1)
       ON CONFLICT (event_code) DO UPDATE SET version = gallery_versions.version + 1`,
      [code],
    );
  }

  find(id: string): Promise<ArchiveJobEntity | null> {
    return this.dataSource.manager.findOneBy(ArchiveJobEntity, { id });
  }

  /**
   * A finished zip of this version of the gallery in this layout, with or without JPEG copies, that stays
   * downloadable for at least `marginSeconds`.
   */
  findReusable(
    code: string,
    version: number,
    { layout, jpegCopies, guestCopies, photoSet = null }: ArchiveOptions,
    marginSeconds: number,
  ): Promise<ArchiveJobEntity | null> {
    return this.dataSource.manager
      .createQueryBuilder(ArchiveJobEntity, 'job')
      .where('job.event_code = :code', { code })
      .andWhere('job.layout = :layout', { layout })
      .andWhere('job.jpeg_copies = :jpegCopies', { jpegCopies })
      .andWhere('job.guest_copies = :guestCopies', { guestCopies })
      .andWhere(`coalesce(job.photo_set, '') = :photoSet`, { photoSet: photoSet ?? '' })
      .andWhere(`job.status = 'complete'`)
      .andWhere('job.version = :version', { version })
      .andWhere('job.deleted_at IS NULL')
      .andWhere(`job.expires_at > now() + make_interval(secs => :margin)`, { margin: marginSeconds })
      .orderBy('job.created_at', 'DESC')
      .getOne();
  }

  /**
   * Starts a build of the gallery in a layout, or joins the one running: the unique partial index lets one build
   * per gallery and layout exist, so of two requests at once one inserts and the other finds its job. `started`
   * says which. Null for a gallery that was purged: checked under the gallery's lock that the purge takes, so a
   * request whose permission was granted just before the gallery ended cannot start a build after the purge.
   */
  async startOrJoin(values: {
    eventCode: string;
    galleryName: string;
    version: number;
    layout: ArchiveLayoutId;
    jpegCopies: boolean;
    guestCopies: boolean;
    /** PHOTOS_OF_YOU: the photos it holds, named by photoSet; absent for a zip of the whole gallery. */
    photoIds?: string[];
    /** The lease of the process that will build it (BuilderLease.current()). */
    builder: number;
  }): Promise<{ job: ArchiveJobEntity; started: boolean } | null> {
    const photoIds = values.photoIds ?? null;
    const photoSet = photoIds ? photoSetOf(photoIds) : null;
    for (;;) {
      const id = randomUUID();
      const inserted = await this.dataSource.transaction(async (manager) => {
        await lockGallery(manager, values.eventCode, 'shared');
        if (await isPurged(manager, values.eventCode)) return null;
        const rows: unknown[] = await manager.query(
          `INSERT INTO archive_jobs
             (id, event_code, gallery_name, version, layout, jpeg_copies, guest_copies, status, object_key, builder,
              photo_ids, photo_set)
           VALUES ($1, $2, $3, $4, $5, $6, $7, 'building', $8, $9, $10, $11)
           ON CONFLICT (event_code, layout, jpeg_copies, guest_copies, (coalesce(photo_set, '')))
             WHERE status = 'building'
           DO NOTHING RETURNING id`,
          [
            id,
            values.eventCode,
            values.galleryName,
            values.version,
            values.layout,
            values.jpegCopies,
            values.guestCopies,
            `${ARCHIVES_PREFIX}${id}.zip`,
            values.builder,
            photoIds,
            photoSet,
          ],
        );
        return rows.length > 0;
      });
      if (inserted === null) return null;
      if (inserted) return { job: (await this.find(id))!, started: true };
      const running = await this.dataSource.manager.findOneBy(ArchiveJobEntity, {
        eventCode: values.eventCode,
        layout: values.layout,
        jpegCopies: values.jpegCopies,
        guestCopies: values.guestCopies,
        photoSet: photoSet ?? IsNull(),
        status: 'building',
      });
      // The running build ended between the two statements: try again.
      if (running) return { job: running, started: false };
    }
  }

  /**
   * The gallery ended: recorded (no build of it starts or completes from now on) and its jobs locked, returned
   * with their objects' keys for the caller to remove before it deletes the rows, in its transaction.
   */
  async markPurged(manager: EntityManager, code: string): Promise<{ id: string; objectKey: string }[]> {
    await lockGallery(manager, code, 'exclusive');
    await manager.query(
      `INSERT INTO purged_galleries (code_hash) VALUES (${CODE_HASH('$1')}) ON CONFLICT (code_hash) DO NOTHING`,
      [code],
    );
    const rows: { id: string; object_key: string }[] = await manager.query(
      'SELECT id, object_key FROM archive_jobs WHERE event_code = $1 FOR UPDATE',
      [code],
    );
    return rows.map((row) => ({ id: row.id, objectKey: row.object_key }));
  }

  /**
   * Runs `work` in a transaction unless the gallery was purged, holding the gallery's shared lock so a purge
   * starting meanwhile waits for it (and then deletes what it wrote with the rest); whether it ran.
   */
  async unlessPurged(code: string, work: (manager: EntityManager) => Promise<void>): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await lockGallery(manager, code, 'shared');
      if (await isPurged(manager, code)) return false;
      await work(manager);
      return true;
    });
  }

  /** The purge's last step: the gallery's rows leave the database (the hash of its code stays PURGED_RECORD_MS). */
  async deleteGallery(manager: EntityManager, code: string): Promise<void> {
    await manager.query('DELETE FROM archive_jobs WHERE event_code = $1', [code]);
    await manager.query('DELETE FROM gallery_versions WHERE event_code = $1', [code]);
    await manager.query('DELETE FROM gallery_pins WHERE code = $1', [code]);
  }

  /**
   * Returns false when the job is no longer building (taken for dead, or its gallery purged, possibly by another
   * process): the build can stop.
   */
  async heartbeat(id: string, photoCount: number): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE archive_jobs SET heartbeat_at = now(), photo_count = $2 WHERE id = $1 AND status = 'building'
       RETURNING id`,
      [id, photoCount],
    );
    return returned(result).length > 0;
  }

  /**
   * Returns false when the job is no longer building (taken for dead meanwhile) or its gallery was purged: its
   * zip must not be served, nor kept. The purge holds the job's row lock while it records the gallery and
   * removes its zips, so a build completing at the same time either completes first (and the purge removes its
   * zip) or sees the purge.
   */
  async complete(id: string, size: number, photoCount: number, retentionDays: number): Promise<boolean> {
    const result: unknown = await this.dataSource.query(
      `UPDATE archive_jobs SET status = 'complete', size = $2, photo_count = $3, finished_at = now(),
         expires_at = now() + make_interval(days => $4)
       WHERE id = $1 AND status = 'building'
         AND NOT EXISTS (
           SELECT 1 FROM purged_galleries p WHERE p.code_hash = ${CODE_HASH('archive_jobs.event_code')})
       RETURNING id`,
      [id, size, photoCount, retentionDays],
    );
    return returned(result).length > 0;
  }

  async fail(id: string, error: string): Promise<void> {
    await this.dataSource.query(
      `UPDATE archive_jobs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status = 'building'`,
      [id, error.slice(0, 1000)],
    );
  }

  /**
   * Builds whose process is gone (killed, crashed, restarted): no session of this database holds their lease
   * any more. Failed at once, with the keys of what they may have left, so a new request builds anew.
   */
  async failOrphaned(): Promise<InterruptedJob[]> {
    const result: unknown = await this.dataSource.query(
      `UPDATE archive_jobs SET status = 'failed', error = 'interrupted', finished_at = now()
       WHERE status = 'building' AND builder IS NOT NULL
         AND NOT EXISTS (
           SELECT 1 FROM pg_locks l
           WHERE l.locktype = 'advisory' AND l.granted
             AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
             AND l.classid = $1::oid AND l.objid = archive_jobs.builder::oid AND l.objsubid = 2)
       RETURNING id, event_code, object_key, guest_copies, jpeg_copies, photo_set`,
      [BUILDER_LOCK_NAMESPACE],
    );
    return interruptedJobs(result);
  }

  /** Builds whose process stopped beating (killed, crashed): failed, with the keys of what they may have left. */
  async failStale(staleMs: number): Promise<InterruptedJob[]> {
    const result: unknown = await this.dataSource.query(
      `UPDATE archive_jobs SET status = 'failed', error = 'interrupted', finished_at = now()
       WHERE status = 'building' AND heartbeat_at < now() - make_interval(secs => $1)
       RETURNING id, event_code, object_key, guest_copies, jpeg_copies, photo_set`,
      [staleMs / 1000],
    );
    return interruptedJobs(result);
  }

  /** Finished zips past their retention, or of a gallery that changed since: to delete from storage. */
  async toDelete(limit: number): Promise<{ id: string; objectKey: string }[]> {
    const rows: { id: string; object_key: string }[] = await this.dataSource.query(
      `SELECT job.id, job.object_key FROM archive_jobs job
       LEFT JOIN gallery_versions v ON v.event_code = job.event_code
       WHERE job.status = 'complete' AND job.deleted_at IS NULL
         AND (job.expires_at < now() OR job.version < coalesce(v.version, 0))
       LIMIT $1`,
      [limit],
    );
    return rows.map((row) => ({ id: row.id, objectKey: row.object_key }));
  }

  /** Of these object keys, those of jobs still building. */
  async buildingKeys(keys: string[]): Promise<Set<string>> {
    if (keys.length === 0) return new Set();
    const rows: { object_key: string }[] = await this.dataSource.query(
      `SELECT object_key FROM archive_jobs WHERE status = 'building' AND object_key = ANY($1)`,
      [keys],
    );
    return new Set(rows.map((row) => row.object_key));
  }

  /** Forgets the galleries purged more than PURGED_RECORD_MS ago. */
  async forgetOldPurges(): Promise<void> {
    await this.dataSource.query(
      'DELETE FROM purged_galleries WHERE purged_at < now() - make_interval(secs => $1)',
      [PURGED_RECORD_MS / 1000],
    );
  }

  async markDeleted(id: string): Promise<void> {
    await this.dataSource.query('UPDATE archive_jobs SET deleted_at = now() WHERE id = $1', [id]);
  }
}

/**
 * A transaction-long lock on one gallery's jobs: the purge takes it exclusive, a new build shared, so a build
 * is either inserted before the purge (which then finds and removes it) or sees the gallery purged.
 */
async function lockGallery(
  manager: EntityManager,
  code: string,
  mode: 'shared' | 'exclusive',
): Promise<void> {
  await manager.query(
    `SELECT ${mode === 'shared' ? 'pg_advisory_xact_lock_shared' : 'pg_advisory_xact_lock'}(hashtextextended($1, 0))`,
    [`archive-gallery:${code}`],
  );
}

async function isPurged(manager: EntityManager, code: string): Promise<boolean> {
  const rows: unknown[] = await manager.query(
    `SELECT 1 FROM purged_galleries WHERE code_hash = ${CODE_HASH('$1')}`,
    [code],
  );
  return rows.length > 0;
}

/** TypeORM answers an UPDATE ... RETURNING with [rows, rowCount]: the rows. */
function returned(result: unknown): unknown[] {
  const value = result as unknown[];
  return Array.isArray(value[0]) ? (value[0] as unknown[]) : value;
}

/** A build failed because its process stopped: what to delete of it, and who may hear that it failed. */
export interface InterruptedJob {
  id: string;
  eventCode: string;
  objectKey: string;
  guestCopies: boolean;
  jpegCopies: boolean;
  photoSet: string | null;
}

function interruptedJobs(result: unknown): InterruptedJob[] {
  const rows = returned(result) as {
    id: string;
    event_code: string;
    object_key: string;
    guest_copies: boolean;
    jpeg_copies: boolean;
    photo_set: string | null;
  }[];
  return rows.map((row) => ({
    id: row.id,
    eventCode: row.event_code,
    objectKey: row.object_key,
    guestCopies: row.guest_copies,
    jpegCopies: row.jpeg_copies,
    photoSet: row.photo_set,
  }));
}
