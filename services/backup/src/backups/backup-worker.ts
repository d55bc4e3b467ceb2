import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { MAX_VIDEO_MEGABYTES, type ArchivePhoto } from '@gallery/contracts';
import { describeError } from '@gallery/platform';
import { BackupConfig } from '../config/backup-config.js';
import { DriveError, type BackupDrive } from '../destinations/backup-drive.js';
import { BackupDrives } from '../destinations/backup-drives.js';
import { copyDeadlineMs, withinDeadline } from '../destinations/drive-deadline.js';
import { backupPath } from './backup-paths.js';
import { BackupRepository, type ClaimedCopy } from './backup-repository.js';
import { OriginalsStorage } from './originals-storage.js';
import { ServiceRequests } from './service-requests.js';

/**
 * How long a claimed copy is this worker's: a minute more than the deadline of the longest copy (a 500 MB video),
 * so no copy outlasts its claim; a killed worker's copies come back after it (a worker that stops gives back those
 * it had not started).
 */
export function leaseMs(copyDeadlineBaseMs: number): number {
  return copyDeadlineMs(MAX_VIDEO_MEGABYTES * 1024 * 1024, copyDeadlineBaseMs) + 60_000;
}

/** The wait before attempt `attempts + 1`: 1 s doubling up to `maxMs`, for as long as it takes. */
export function backupRetryMs(attempts: number, maxMs: number): number {
  return Math.min(maxMs, 1000 * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

/** A claimed copy with what media said of its photo (null: removed from the gallery since). */
interface ReadyCopy {
  copy: ClaimedCopy;
  photo: ArchivePhoto | null;
}

/**
 * Copies the pending rows to the couples' drives: `concurrency` lanes, each taking the next copy from a batch
 * claimed in the database (so replicas and restarts never copy one twice at once) with its photo asked of media
 * in one request per gallery, streaming the original (or, when the couple's own downloads drop metadata, the
 * guests' copy) from storage to the drive, then marking it copied. A failed copy is retried with back-off and
 * never holds the others up. The path of a copy is the photo's own (backupPath), so a copy repeated after a crash
 * between the PUT and the mark replaces itself: each photo is in the drive once.
 *
 * The lanes are shared by every gallery, so no gallery may take them all: one gallery's copies fill at most
 * `lanesPerGallery` of them (claimed and running together: the claim asks no more of a gallery than it has room
 * for), and each copy has an overall deadline by its size (copyDeadlineMs), after which its lane is free again
 * whatever the drive does. A gallery whose drive hangs thus holds at most `lanesPerGallery` lanes, each at most
 * one deadline at a time.
 */
@Injectable()
export class BackupWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BackupWorker.name);
  /** Copies claimed by this process and not yet started. */
  private readonly queue: ReadyCopy[] = [];
  /** Copies of each destination this process holds (queued or running): at most `lanesPerGallery`. */
  private readonly held = new Map<string, number>();
  private refilling: Promise<void> | undefined;
  /** Drive clients by destination id (credentials opened once); a reconnected drive has a new id. */
  private readonly clients = new Map<string, BackupDrive>();
  private stopped = false;
  private lanes: Promise<void>[] = [];
  private readonly sleepers = new Set<() => void>();

  constructor(
    @Inject(BackupConfig) private readonly config: BackupConfig,
    @Inject(BackupRepository) private readonly repository: BackupRepository,
    @Inject(OriginalsStorage) private readonly storage: OriginalsStorage,
    @Inject(ServiceRequests) private readonly requests: ServiceRequests,
    @Inject(BackupDrives) private readonly drives: BackupDrives,
  ) {}

  onApplicationBootstrap(): void {
    this.lanes = Array.from({ length: this.config.concurrency }, () => this.lane());
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.kick();
    await Promise.all(this.lanes);
    await this.refilling;
    const unstarted = this.queue.splice(0).map((ready) => ready.copy);
    await this.repository
      .release(unstarted)
      .catch((error: unknown) => this.logger.warn(`giving back copies: ${describeError(error)}`));
  }

  /** New rows were recorded here: look now instead of at the next poll. */
  kick(): void {
    for (const wake of this.sleepers) wake();
  }

  /** Forgets a destination's client (disconnected). */
  forget(destinationId: string): void {
    this.clients.delete(destinationId);
  }

  private async lane(): Promise<void> {
    while (!this.stopped) {
      const next = await this.next();
      if (next) {
        try {
          await this.copy(next);
        } finally {
          this.release(next.copy.destinationId);
        }
      } else await this.sleep();
    }
  }

  /**
   * The next copy of this process's batch; null when none is due. The next batch is claimed while the lanes
   * still have copies to run, so they do not stand waiting for the database and media between batches.
   */
  private async next(): Promise<ReadyCopy | null> {
    if (this.queue.length === 0) await this.startRefill();
    const next = this.queue.shift() ?? null;
    if (next && this.queue.length < this.config.concurrency) void this.startRefill();
    return next;
  }

  private startRefill(): Promise<void> {
    this.refilling ??= this.refill().finally(() => (this.refilling = undefined));
    return this.refilling;
  }

  private async refill(): Promise<void> {
    try {
      // Two rounds of every lane: few claims, and little held back from the other replicas.
      const claimed = await this.repository.claim(
        this.config.concurrency * 2,
        leaseMs(this.config.copyDeadlineBaseMs),
        this.config.lanesPerGallery,
        this.held,
      );
      const byGallery = new Map<string, ClaimedCopy[]>();
      for (const copy of claimed) {
        const code = copy.destination.eventCode;
        byGallery.set(code, [...(byGallery.get(code) ?? []), copy]);
      }
      for (const [code, copies] of byGallery) {
        let photos: Map<string, ArchivePhoto>;
        try {
          const reply = await this.requests.galleryPhotos({
            code,
            ids: copies.map((copy) => copy.photoId),
            limit: copies.length,
          });
          photos = new Map(reply.photos.map((photo) => [photo.id, photo]));
        } catch (error) {
          for (const copy of copies) await this.failed(copy, error);
          continue;
        }
        for (const copy of copies) {
          this.held.set(copy.destinationId, (this.held.get(copy.destinationId) ?? 0) + 1);
          this.queue.push({ copy, photo: photos.get(copy.photoId) ?? null });
        }
      }
    } catch (error) {
      this.logger.warn(`claiming copies: ${describeError(error)}`);
    }
  }

  /** A copy of the destination is done (or given back): room for another of its copies. */
  private release(destinationId: string): void {
    const left = (this.held.get(destinationId) ?? 1) - 1;
    if (left > 0) this.held.set(destinationId, left);
    else this.held.delete(destinationId);
  }

  /** Until a kick or the poll interval. */
  private sleep(): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        this.sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, this.config.pollMs);
      this.sleepers.add(wake);
    });
  }

  private async copy({ copy, photo }: ReadyCopy): Promise<void> {
    const { destination } = copy;
    try {
      if (!photo) {
        await this.repository.markGone(copy);
        return;
      }
      const client = this.client(destination);
      const path = backupPath(
        { code: destination.eventCode, name: destination.galleryName },
        photo,
        destination.folderPerGuest,
      );
      const key = await this.keyToCopy(copy, photo);
      if (!key) {
        // No copy without metadata (a video's not made yet, or none can be): never the original instead, tried
        // again with back-off, and copied as an original should the couple keep metadata meanwhile.
        await this.repository.postpone(copy, backupRetryMs(copy.attempts, this.config.retryMaxMs));
        return;
      }
      const size = key === photo.originalKey ? photo.size : await this.storage.size(key);
      await withinDeadline(copyDeadlineMs(size, this.config.copyDeadlineBaseMs), 'the copy', (signal) =>
        client.write(
          path,
          { size, contentType: photo.contentType, open: () => this.storage.read(key) },
          signal,
        ),
      );
      await this.repository.markCopied(copy);
    } catch (error) {
      await this.failed(copy, error);
    }
  }

  /**
   * What goes to the drive, by the couple's choice for their own downloads: the untouched original, or the guests'
   * copy (asked of media while it is still to be made); null when there is no such copy.
   */
  private async keyToCopy(copy: ClaimedCopy, photo: ArchivePhoto): Promise<string | null> {
    if (copy.keepMetadata) return photo.originalKey;
    if (photo.guestCopyKey !== null || !photo.guestCopyPending) return photo.guestCopyKey;
    return this.requests.guestCopy({ code: copy.destination.eventCode, photoId: photo.id });
  }

  private async failed(copy: ClaimedCopy, error: unknown): Promise<void> {
    const failure = error instanceof DriveError ? error.failure : 'SERVER_ERROR';
    const detail = error instanceof DriveError ? error.detail : describeError(error);
    const retryMs = backupRetryMs(copy.attempts, this.config.retryMaxMs);
    this.logger.warn(
      `photo ${copy.photoId} to ${copy.destination.eventCode}'s drive: ${detail} (again in ${retryMs} ms)`,
    );
    await this.repository
      .markFailed(copy, failure, detail, retryMs)
      .catch((markError: unknown) => this.logger.warn(`recording a failure: ${describeError(markError)}`));
  }

  private client(destination: ClaimedCopy['destination']): BackupDrive {
    let client = this.clients.get(destination.id);
    if (!client) {
      client = this.drives.open(destination);
      this.clients.set(destination.id, client);
    }
    return client;
  }
}
