import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { describeError, PeriodicTask } from '@gallery/platform';
import { MediaConfig } from '../config/media-config.js';
import { ImageProcessor, type ImageSource } from '../images/image-processor.js';
import { ImageTooLargeError } from '../images/image-too-large.error.js';
import { ImageWorkQueue } from '../images/image-work-queue.js';
import { UndecodableImageError } from '../images/undecodable-image.error.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { StorageDeletions } from '../storage/storage-deletions.js';
import { DERIVED_IMAGE_TYPE, photoPreviewKey } from '../storage/photo-object-keys.js';

/** How often the sweep looks for previews that were never made; `previewSweepIntervalMs` in tests. */
export const PREVIEW_SWEEP_INTERVAL_MS = 60 * 1000;
/**
 * A photo's preview is made within a second or two of its commit by the replica that committed it; one still
 * pending after this long was lost (that replica stopped, or storage failed) and the sweep makes it.
 */
export const PREVIEW_SWEEP_AGE_MS = 2 * 60 * 1000;
/** Previews one sweep makes at most, one after the other in the background lane. */
const PREVIEW_SWEEP_BATCH = 20;
/**
 * How long a preview object written but not yet recorded is kept should its build never commit (the process
 * stopped between the write and the commit): then the deletions queue removes it.
 */
export const PREVIEW_RESERVATION_MS = 10 * 60 * 1000;

/**
 * A preview key reserved for deletion by the confirmation that recorded its photo, due at `notBefore`: the build
 * right after the commit writes there without a reservation of its own, while plenty of it is left.
 */
export interface PreviewReservation {
  key: string;
  notBefore: Date;
}
/**
 * Previews waiting for their turn past which previews start beside thumbnails (the image work queue's
 * background backlog), so a burst's previews keep up with its thumbnails and few wait at any time.
 */
export const PREVIEW_BACKLOG = 4;
/**
 * Previews waiting for their turn that always keep the original (or a HEIC's decoded pixels) in memory from the
 * confirmation. Past these, more keep theirs while all held together stay within MAX_HELD_SOURCE_BYTES (a dozen
 * 12 MP JPEGs, enough for the backlog and the previews running); past that, a waiting preview reads its
 * original again when its turn comes, so a burst of uploads does not hold a burst of originals.
 */
export const MAX_HELD_SOURCES = 4;
export const MAX_HELD_SOURCE_BYTES = 64 * 1024 * 1024;

/** A photo whose preview is to be made: what its build reads the original by when it holds no pixels. */
export interface PendingPhoto {
  id: string;
  originalKey: string;
  contentType: string;
}

const PENDING_COLUMNS = `id, original_key AS "originalKey", content_type AS "contentType"`;

/**
 * Records a preview stored under $2 for photo $1, in one statement: its key's reservation kept, and the photo
 * given the key while its preview is still pending. A preview that is not recorded (the photo removed or its
 * gallery purged meanwhile, another build first, or the reservation taken by a deletion run) gets its deletion
 * scheduled at once by the same statement, so its object never outlives it. A removal locks the photo's row
 * before deleting it, so this UPDATE either comes first (the removal then deletes the preview with the photo)
 * or finds no row.
 */
const RECORD_PREVIEW = `
  WITH kept AS (DELETE FROM storage_deletions WHERE object_key = $2 RETURNING 1),
  recorded AS (
    UPDATE photos SET preview_key = $2, preview_pending = false
    WHERE id = $1 AND preview_pending AND EXISTS (SELECT 1 FROM kept) RETURNING 1
  ),
  dropped AS (
    INSERT INTO storage_deletions (object_key, not_before)
    SELECT $2, now() WHERE NOT EXISTS (SELECT 1 FROM recorded)
  )
  SELECT (SELECT count(*) FROM kept)::int AS kept, (SELECT count(*) FROM recorded)::int AS recorded`;

/**
 * Makes a photo's 1600 px preview after the photo is committed, so a confirmation (and every open screen)
 * waits only for the thumbnail. Right after the commit, the confirming replica queues the preview in the image
 * work queue's background lane, from the original it still holds; a periodic sweep makes the previews that
 * were lost (process stopped, storage failed), shared between replicas.
 *
 * The build right after the commit holds no lock and no transaction while it encodes and stores the preview: it
 * records it in one statement (RECORD_PREVIEW), which also decides when the photo was removed or built by
 * another meanwhile. The sweep takes its photos by row lock (SELECT ... FOR UPDATE SKIP LOCKED), so two
 * replicas' sweeps never build one photo. The object is written under a key of its own, reserved for deletion
 * beforehand in the durable queue and kept by the statement that records it, so a build that never records
 * leaves nothing behind either.
 */
@Injectable()
export class PhotoPreviews implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PhotoPreviews.name);
  private readonly sweeps: PeriodicTask;
  private readonly builds = new Set<Promise<unknown>>();
  private heldSources = 0;
  private heldBytes = 0;
  private closing = false;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(StorageDeletions) private readonly deletions: StorageDeletions,
    @Inject(ImageProcessor) private readonly images: ImageProcessor,
    @Inject(ImageWorkQueue) private readonly imageWork: ImageWorkQueue,
    @Inject(MediaConfig) config: MediaConfig,
  ) {
    this.sweeps = new PeriodicTask(
      'preview sweep',
      config.previewSweepIntervalMs ?? PREVIEW_SWEEP_INTERVAL_MS,
      () => this.sweepOnce(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  /** Waits for the build running now; builds still waiting for their turn are left to the sweep. */
  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await this.sweeps.stop();
    await Promise.allSettled([...this.builds]);
  }

  /**
   * Queues the preview of a photo just committed, from `source` (what its thumbnail was made from) when given
   * and while few previews hold theirs (MAX_HELD_SOURCES, MAX_HELD_SOURCE_BYTES), otherwise from the original
   * read again. Never throws: a preview that
   * fails is made by the sweep.
   */
  makeSoon(photo: PendingPhoto, source?: ImageSource, reserved?: PreviewReservation | null): void {
    const bytes = source?.input.length ?? 0;
    const held =
      source && (this.heldSources < MAX_HELD_SOURCES || this.heldBytes + bytes <= MAX_HELD_SOURCE_BYTES)
        ? source
        : undefined;
    if (held) {
      this.heldSources++;
      this.heldBytes += bytes;
    } else {
      source?.release?.();
    }
    const build = this.makeOne(photo, held, reserved ?? undefined)
      .catch((error: unknown) =>
        this.logger.warn(`preview of ${photo.id} left to the sweep: ${describeError(error)}`),
      )
      .finally(() => {
        if (held) {
          this.heldSources--;
          this.heldBytes -= bytes;
          // The build is over, made or not: nothing reads these pixels any more.
          held.release?.();
        }
        this.builds.delete(build);
      });
    this.builds.add(build);
  }

  /** Makes the preview of a photo just committed; whether it was recorded (not when the photo went meanwhile). */
  makeOne(photo: PendingPhoto, source?: ImageSource, reserved?: PreviewReservation): Promise<boolean> {
    return this.imageWork.runInBackground(async () => {
      if (this.closing) return false;
      return this.build(this.dataSource.manager, photo, source, reserved);
    });
  }

  /** Makes up to one batch of previews still pending well after their photo's commit; how many it made. */
  async sweepOnce(): Promise<number> {
    let made = 0;
    while (made < PREVIEW_SWEEP_BATCH && !this.closing) {
      const found = await this.imageWork.runInBackground(() =>
        this.dataSource.transaction(async (manager) => {
          const [photo] = (await manager.query(
            `SELECT ${PENDING_COLUMNS} FROM photos WHERE preview_pending AND created_at < $1
             ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
            [new Date(Date.now() - PREVIEW_SWEEP_AGE_MS)],
          )) as PendingPhoto[];
          if (!photo) return false;
          return this.build(manager, photo);
        }),
      );
      // None left, or one not recorded (its reservation taken during a build of minutes): the next sweep.
      if (!found) break;
      made++;
    }
    if (made > 0) this.logger.log(`made ${made} previews that were still pending`);
    return made;
  }

  /**
   * Makes, stores and records a photo's preview, in the sweep's transaction holding its row when that is the
   * manager; whether it was recorded.
   */
  private async build(
    manager: EntityManager,
    photo: PendingPhoto,
    given?: ImageSource,
    reserved?: PreviewReservation,
  ): Promise<boolean> {
    let preview: Buffer;
    try {
      preview = await this.images.preview(given ?? (await this.sourceOf(photo)));
    } catch (error) {
      if (!(error instanceof UndecodableImageError || error instanceof ImageTooLargeError)) throw error;
      // Its thumbnail was made, so this is not expected; its preview URL keeps showing the thumbnail.
      this.logger.warn(`no preview for ${photo.id}, its thumbnail stands in: ${describeError(error)}`);
      await manager.query('UPDATE photos SET preview_pending = false WHERE id = $1', [photo.id]);
      return true;
    }
    // The key its confirmation reserved, while at least half of that reservation is left (a build takes
    // seconds; one that waited long in a backlog takes a fresh reservation rather than race a deletion run).
    // Otherwise a key of its own, reserved now, committed at once outside the build's transaction: should the
    // build never commit, the object goes.
    let key: string;
    if (reserved && reserved.notBefore.getTime() - Date.now() > PREVIEW_RESERVATION_MS / 2) {
      key = reserved.key;
    } else {
      key = photoPreviewKey(photo.id, randomUUID());
      await this.deletions.schedule([key], new Date(Date.now() + PREVIEW_RESERVATION_MS));
    }
    await this.storage.write(key, preview, DERIVED_IMAGE_TYPE);
    const [{ kept, recorded }] = (await manager.query(RECORD_PREVIEW, [photo.id, key])) as {
      kept: number;
      recorded: number;
    }[];
    // Its reservation ran out and a deletion run took it: the photo stays pending, for the sweep.
    if (kept < 1)
      this.logger.warn(`the preview of ${photo.id} outlived its reservation; the sweep makes it again`);
    return recorded > 0;
  }

  private async sourceOf(photo: PendingPhoto): Promise<ImageSource> {
    const original = await this.storage.read(photo.originalKey);
    const heif = photo.contentType === 'image/heic' || photo.contentType === 'image/heif';
    return this.images.source(original, { heif });
  }
}
