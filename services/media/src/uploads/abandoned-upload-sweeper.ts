import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { describeError, PeriodicTask } from '@gallery/platform';
import { MediaConfig } from '../config/media-config.js';
import { StorageDeletions } from '../storage/storage-deletions.js';
import { abandonedUploadCutoff } from '../storage/abandoned-upload-cutoff.js';
import { MultipartUploads } from './multipart-uploads.service.js';
import { uploadObjectKeys } from '../storage/upload-object-keys.js';
import { UploadRepository } from './upload.repository.js';

/** Abandoned uploads only cost storage and hold slots: finding them within minutes is plenty. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Uploads claimed per sweep. */
const SWEEP_BATCH = 100;

/**
 * Finds what browsers were given a slot for but never confirmed (the guest closed the tab between PUT and
 * confirmation): marks those uploads abandoned, which frees their slots, and schedules their objects for
 * deletion in the same transaction, so the durable deletion queue removes them, retrying until storage answers.
 *
 * Files sent in parts have no object until confirmation: their storage multipart uploads are aborted instead,
 * which removes the parts (see MultipartUploads.abortAbandoned).
 *
 * Each sweep locks a batch of old pending uploads, skipping rows another replica holds, so sweeps running at
 * once share the work. A confirmation arriving meanwhile waits for the row and then finds the upload abandoned.
 */
@Injectable()
export class AbandonedUploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AbandonedUploadSweeper.name);
  private readonly sweeps: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UploadRepository) private readonly uploads: UploadRepository,
    @Inject(StorageDeletions) private readonly deletions: StorageDeletions,
    @Inject(MultipartUploads) private readonly multipart: MultipartUploads,
    @Inject(MediaConfig) config: MediaConfig,
  ) {
    this.sweeps = new PeriodicTask(
      'abandoned-upload sweep',
      config.uploadSweepIntervalMs ?? SWEEP_INTERVAL_MS,
      () => this.sweepOnce(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.sweeps.stop();
  }

  /** Marks up to one batch of abandoned uploads and schedules their objects' deletion; how many it marked. */
  async sweepOnce(): Promise<number> {
    const swept = await this.dataSource.transaction(async (manager) => {
      const claimed = await this.uploads.lockPendingCreatedBefore(
        manager,
        abandonedUploadCutoff(new Date()),
        SWEEP_BATCH,
      );
      await this.uploads.markAbandoned(
        manager,
        claimed.map((upload) => upload.id),
      );
      await this.deletions.schedule(claimed.flatMap(uploadObjectKeys), new Date(), manager);
      return claimed.length;
    });
    if (swept > 0) this.logger.log(`marked ${swept} uploads abandoned, their objects scheduled for deletion`);
    // After the commit, so the uploads just marked count as no longer pending. Storage's own listing is the
    // queue: what storage did not answer now, the next sweep finds again.
    try {
      const aborted = await this.multipart.abortAbandoned();
      if (aborted > 0) this.logger.log(`aborted ${aborted} abandoned multipart uploads, their parts removed`);
    } catch (error) {
      this.logger.warn(`abandoned multipart uploads left to the next sweep: ${describeError(error)}`);
    }
    return swept;
  }
}
