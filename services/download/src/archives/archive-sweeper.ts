import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { describeError } from '@gallery/platform';
import { DownloadConfig } from '../config/download-config.js';
import { ArchiveJobsRepository } from './archive-jobs.repository.js';
import { ARCHIVES_PREFIX, ArchiveStorage } from './archive-storage.js';
import { ServiceRequests } from './service-requests.js';

const DEFAULT_SWEEP_MS = 10 * 60 * 1000;
const DEFAULT_STALE_BUILD_MS = 60 * 1000;
const DELETIONS_PER_SWEEP = 200;
const UPLOADS_PER_SWEEP = 200;

/**
 * Keeps storage honest: builds left by a process that died (its lease gone, or no heartbeat) are failed and
 * whatever they wrote deleted, at boot and then periodically; zips past their retention (ARCHIVE_RETENTION_DAYS) or of a gallery
 * that changed since are deleted; multipart uploads of zips whose job is not building (its process died, or its
 * gallery was purged while it built and the process died before it aborted) are aborted, so their parts do not
 * stay in storage; purged galleries are forgotten after PURGED_RECORD_MS.
 */
@Injectable()
export class ArchiveSweeper implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ArchiveSweeper.name);
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private stopped = false;

  constructor(
    @Inject(DownloadConfig) private readonly config: DownloadConfig,
    @Inject(ArchiveJobsRepository) private readonly jobs: ArchiveJobsRepository,
    @Inject(ArchiveStorage) private readonly storage: ArchiveStorage,
    @Inject(ServiceRequests) private readonly requests: ServiceRequests,
  ) {}

  private get staleBuildMs(): number {
    return this.config.staleBuildMs ?? DEFAULT_STALE_BUILD_MS;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.sweep();
    this.schedule();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running;
  }

  private schedule(): void {
    if (this.stopped) return;
    const interval = Math.max(
      1000,
      Math.min(this.config.sweepIntervalMs ?? DEFAULT_SWEEP_MS, this.staleBuildMs / 2),
    );
    this.timer = setTimeout(() => {
      this.running = this.sweep().finally(() => this.schedule());
    }, interval);
    this.timer.unref();
  }

  async sweep(): Promise<void> {
    try {
      // Builds whose process is gone first (at boot: this process's own before its restart), then builds of
      // any process that stopped beating.
      const interrupted = [
        ...(await this.jobs.failOrphaned()),
        ...(await this.jobs.failStale(this.staleBuildMs)),
      ];
      for (const job of interrupted) {
        this.logger.warn(`zip ${job.id} was interrupted (its process stopped): failed`);
        await this.storage.remove(job.objectKey);
        this.requests.publishProgress(job, 'failed');
      }
      for (const job of await this.jobs.toDelete(DELETIONS_PER_SWEEP)) {
        await this.storage.remove(job.objectKey);
        await this.jobs.markDeleted(job.id);
      }
      await this.jobs.forgetOldPurges();
      // A job's row says 'building' before its upload begins, and stops saying so only once the upload is
      // complete or the build has stopped: an upload without a building job is left over.
      const uploads = await this.storage.uploadsInProgress(ARCHIVES_PREFIX, UPLOADS_PER_SWEEP);
      const building = await this.jobs.buildingKeys(uploads.map((upload) => upload.key));
      for (const upload of uploads) {
        if (building.has(upload.key)) continue;
        this.logger.warn(`multipart upload of ${upload.key} left over: aborted`);
        await this.storage.abortUpload(upload.key, upload.uploadId);
      }
    } catch (error) {
      this.logger.warn(`archive sweep failed: ${describeError(error)}`);
    }
  }
}
