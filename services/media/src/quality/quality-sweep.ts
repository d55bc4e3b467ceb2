import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { describeError, PeriodicTask, qualitySweepPhotos } from '@gallery/platform';
import { MediaConfig } from '../config/media-config.js';
import { ImageProcessor } from '../images/image-processor.js';
import { ImageWorkQueue } from '../images/image-work-queue.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { twinOf } from './photo-quality.repository.js';
import type { PhotoQuality } from '../images/photo-quality.js';

/** How often photos without quality measures are looked for. */
export const QUALITY_SWEEP_INTERVAL_MS = 60 * 1000;
/** Photos one sweep measures at most, one after the other in the background lane. */
export const QUALITY_SWEEP_BATCH = 20;
/** A photo that could not be measured is tried again after this long, not at every sweep. */
const RETRY_AFTER = '1 day';

/**
 * Measures the photos from before quality measures existed (sharpness, exposure, perceptual hash: quality hints
 * and Highlights), a batch at a time in the image work queue's background lane, so uploads never wait behind it.
 * Each is measured from its stored preview: the 1600 px pixels its measures are taken from at upload, so the
 * original is not decoded again. Idempotent, and shared between replicas without a lease: a photo's measures are
 * written only while it has none, so two replicas measuring one photo write it once; it then joins its
 * near-duplicate group as an upload does (the gallery's row held, so photos measured at once see each other).
 */
@Injectable()
export class QualitySweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(QualitySweep.name);
  private readonly sweeps: PeriodicTask;
  private closing = false;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(ImageProcessor) private readonly images: ImageProcessor,
    @Inject(ImageWorkQueue) private readonly imageWork: ImageWorkQueue,
    @Inject(MediaConfig) config: MediaConfig,
  ) {
    this.sweeps = new PeriodicTask(
      'quality sweep',
      config.qualitySweepIntervalMs ?? QUALITY_SWEEP_INTERVAL_MS,
      () => this.sweepOnce(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  async onModuleDestroy(): Promise<void> {
    this.closing = true;
    await this.sweeps.stop();
  }

  /** Measures up to one batch of the oldest photos without measures; how many it measured. */
  async sweepOnce(): Promise<number> {
    const due = (await this.dataSource.query(
      `SELECT id, event_code AS code, preview_key AS "previewKey" FROM photos
        WHERE perceptual_hash IS NULL AND kind = 'photo' AND preview_key IS NOT NULL
          AND (quality_failed_at IS NULL OR quality_failed_at < now() - interval '${RETRY_AFTER}')
        ORDER BY created_at LIMIT $1`,
      [QUALITY_SWEEP_BATCH],
    )) as { id: string; code: string; previewKey: string }[];
    let measured = 0;
    for (const photo of due) {
      if (this.closing) break;
      let quality: PhotoQuality;
      try {
        quality = await this.imageWork.runInBackground(async () =>
          this.images.quality({
            width: 0,
            height: 0,
            input: await this.storage.read(photo.previewKey),
            options: {},
          }),
        );
      } catch (error) {
        this.logger.warn(`photo ${photo.id} not measured, trying again later: ${describeError(error)}`);
        await this.dataSource.query('UPDATE photos SET quality_failed_at = now() WHERE id = $1', [photo.id]);
        qualitySweepPhotos.inc({ outcome: 'failed' });
        continue;
      }
      if (await this.record(photo.id, photo.code, quality)) {
        measured++;
        qualitySweepPhotos.inc({ outcome: 'measured' });
      }
    }
    if (measured > 0) this.logger.log(`measured ${measured} earlier photos`);
    return measured;
  }

  /** Writes a photo's measures and its near-duplicate group, unless it has measures already; whether it wrote. */
  private record(id: string, code: string, quality: PhotoQuality): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT 1 FROM galleries WHERE code = $1 FOR UPDATE', [code]);
      const unmeasured: unknown[] = await manager.query(
        'SELECT 1 FROM photos WHERE id = $1 AND perceptual_hash IS NULL FOR UPDATE',
        [id],
      );
      if (unmeasured.length === 0) return false;
      await manager.query(
        `WITH twin AS (
           ${twinOf('$2', '$6::bigint')}
         ), first_of_group AS (
           UPDATE photos SET duplicate_group = id WHERE id = (SELECT id FROM twin) AND duplicate_group IS NULL
         )
         UPDATE photos SET sharpness = $3, brightness = $4, highlights = $5, perceptual_hash = $6,
                quality_failed_at = NULL, duplicate_group = (SELECT COALESCE(duplicate_group, id) FROM twin)
          WHERE id = $1`,
        [
          id,
          code,
          quality.sharpness,
          quality.brightness,
          quality.highlights,
          quality.perceptualHash.toString(),
        ],
      );
      return true;
    });
  }
}
