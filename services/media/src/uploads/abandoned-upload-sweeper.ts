import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { MediaConfig } from '../config/media-config.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { abandonedUploadCutoff } from './abandoned-upload-cutoff.js';
import { uploadObjectKeys } from './upload-object-keys.js';
import { UploadRepository } from './upload.repository.js';

/** Abandoned uploads only cost storage: finding them within minutes is plenty. */
export const SWEEP_INTERVAL_MS = 10 * 60 * 1000;
/** Uploads claimed per sweep: bounds how long one sweep's transaction holds its rows while deleting. */
const SWEEP_BATCH = 100;
/** A storage that stops answering must not keep the sweep's transaction, and its connection, open. */
const DELETE_DEADLINE_MS = 60 * 1000;

/**
 * Deletes what browsers uploaded but never confirmed (the guest closed the tab between PUT and confirmation),
 * so such objects do not stay in storage forever.
 *
 * Each sweep locks a batch of old pending uploads (skipping rows another replica holds), deletes their objects,
 * marks abandoned those whose deletion succeeded, and commits. The row locks are held across the deletions on
 * purpose: a confirmation arriving meanwhile waits and then finds the upload abandoned, so no photo can ever
 * lose its objects to a sweep; an upload is marked abandoned only once its objects are gone; and an upload whose
 * deletion failed, or whose sweeper died mid-way, simply stays pending and old, so the next sweep, on any
 * replica, takes it again. No extra state is needed for that retry.
 */
@Injectable()
export class AbandonedUploadSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(AbandonedUploadSweeper.name);
  private timer: NodeJS.Timeout | undefined;
  private scheduledSweep: Promise<unknown> = Promise.resolve();
  private stopped = false;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(UploadRepository) private readonly uploads: UploadRepository,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(MediaConfig) private readonly config: MediaConfig,
  ) {}

  onApplicationBootstrap(): void {
    this.scheduleNext();
  }

  /** Lets a running sweep finish before the database and storage clients close (later shutdown hooks). */
  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.scheduledSweep;
  }

  /** Removes up to one batch of abandoned uploads; how many were removed. */
  async sweepOnce(): Promise<number> {
    const { removed, failures } = await this.dataSource.transaction(async (manager) => {
      const claimed = await this.uploads.lockPendingCreatedBefore(
        manager,
        abandonedUploadCutoff(new Date()),
        SWEEP_BATCH,
      );
      const signal = AbortSignal.timeout(DELETE_DEADLINE_MS);
      const deletions = await Promise.allSettled(
        claimed.map((upload) => this.storage.remove(uploadObjectKeys(upload), signal)),
      );
      const deleted = claimed.filter((_, index) => deletions[index].status === 'fulfilled');
      await this.uploads.markAbandoned(
        manager,
        deleted.map((upload) => upload.id),
      );
      const failures = deletions.filter(
        (result): result is PromiseRejectedResult => result.status === 'rejected',
      );
      return { removed: deleted.length, failures };
    });
    if (failures.length > 0) {
      const reason = (failures[0].reason as Error).message;
      this.logger.warn(
        `could not delete the objects of ${failures.length} abandoned uploads, next sweep retries: ${reason}`,
      );
    }
    if (removed > 0) this.logger.log(`removed ${removed} abandoned uploads`);
    return removed;
  }

  /** One sweep at a time per replica: the next is scheduled only once the previous has finished. */
  private scheduleNext(): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.scheduledSweep = this.sweepOnce()
        .catch((error: unknown) => this.logger.warn(`sweep failed: ${(error as Error).message}`))
        .finally(() => this.scheduleNext());
    }, this.config.uploadSweepIntervalMs ?? SWEEP_INTERVAL_MS);
    // Waiting for the next sweep is no reason to keep the process alive.
    this.timer.unref();
  }
}
