import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { describeError } from '@gallery/platform';
import { BackupConfig } from '../config/backup-config.js';
import { CredentialCipher } from '../destinations/credential-cipher.js';
import { DriveError, WebDavClient } from '../destinations/webdav-client.js';
import type { BackupDestination } from './backup-destination.js';
import { backupPath } from './backup-paths.js';
import { BackupRepository, type ClaimedCopy } from './backup-repository.js';
import { OriginalsStorage } from './originals-storage.js';
import { ServiceRequests } from './service-requests.js';

/** How long a claimed copy is this worker's: a 500 MB video to a slow drive fits; a dead worker's comes back. */
const LEASE_MS = 15 * 60 * 1000;

/** The wait before attempt `attempts + 1`: 1 s doubling up to `maxMs`, for as long as it takes. */
export function backupRetryMs(attempts: number, maxMs: number): number {
  return Math.min(maxMs, 1000 * 2 ** Math.max(0, Math.min(attempts - 1, 20)));
}

/**
 * Copies the pending rows to the couples' drives: up to `concurrency` at once, each claimed in the database (so
 * replicas and restarts never copy one twice at once), streamed from storage to the drive, then marked copied.
 * A failed copy is retried with back-off and never holds the others up. The path of a copy is the photo's own
 * (backupPath), so a copy repeated after a crash between the PUT and the mark replaces itself: each photo is in
 * the drive once.
 */
@Injectable()
export class BackupWorker implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BackupWorker.name);
  private readonly cipher: CredentialCipher;
  private readonly inFlight = new Set<Promise<void>>();
  /** Drive clients by destination id (credentials opened once); a reconnected drive has a new id. */
  private readonly clients = new Map<string, WebDavClient>();
  private stopped = false;
  private loop: Promise<void> | undefined;
  private wake: (() => void) | undefined;

  constructor(
    @Inject(BackupConfig) private readonly config: BackupConfig,
    @Inject(BackupRepository) private readonly repository: BackupRepository,
    @Inject(OriginalsStorage) private readonly storage: OriginalsStorage,
    @Inject(ServiceRequests) private readonly requests: ServiceRequests,
  ) {
    this.cipher = new CredentialCipher(config.secretKey);
  }

  onApplicationBootstrap(): void {
    this.loop = this.run();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    this.wake?.();
    await this.loop;
    await Promise.allSettled(this.inFlight);
  }

  /** New rows were recorded here: look now instead of at the next poll. */
  kick(): void {
    this.wake?.();
  }

  /** Forgets a destination's client (disconnected). */
  forget(destinationId: string): void {
    this.clients.delete(destinationId);
  }

  private async run(): Promise<void> {
    while (!this.stopped) {
      let claimed: ClaimedCopy[] = [];
      const free = this.config.concurrency - this.inFlight.size;
      if (free > 0) {
        try {
          claimed = await this.repository.claim(free, LEASE_MS);
        } catch (error) {
          this.logger.warn(`claiming copies: ${describeError(error)}`);
        }
      }
      for (const copy of claimed) {
        const running: Promise<void> = this.copy(copy).finally(() => {
          this.inFlight.delete(running);
          this.wake?.();
        });
        this.inFlight.add(running);
      }
      if (claimed.length === 0 || this.inFlight.size >= this.config.concurrency) await this.idle();
    }
  }

  /** Until a copy ends, a kick, or the poll interval. */
  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.config.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }

  private async copy(copy: ClaimedCopy): Promise<void> {
    let destination: BackupDestination | null = null;
    try {
      destination = await this.repository.findById(copy.destinationId);
      // Disconnected since the claim: its rows went with it.
      if (!destination) return;
      const reply = await this.requests.galleryPhotos({
        code: destination.eventCode,
        ids: [copy.photoId],
        limit: 1,
      });
      const photo = reply.photos[0];
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
      await client.ensureFolder(path.slice(0, -1));
      const body = await this.storage.read(photo.originalKey);
      await client.put(path, body, photo.size, photo.contentType);
      await this.repository.markCopied(copy);
    } catch (error) {
      const failure = error instanceof DriveError ? error.failure : 'SERVER_ERROR';
      const detail = error instanceof DriveError ? error.detail : describeError(error);
      const retryMs = backupRetryMs(copy.attempts, this.config.retryMaxMs);
      this.logger.warn(
        `photo ${copy.photoId} to ${destination?.eventCode ?? copy.destinationId}: ${detail} (again in ${retryMs} ms)`,
      );
      await this.repository
        .markFailed(copy, failure, detail, retryMs)
        .catch((markError: unknown) => this.logger.warn(`recording a failure: ${describeError(markError)}`));
    }
  }

  private client(destination: BackupDestination): WebDavClient {
    let client = this.clients.get(destination.id);
    if (!client) {
      const password = this.cipher.open(destination.credentials, destination.id);
      client = new WebDavClient({ url: destination.address, username: destination.username, password });
      this.clients.set(destination.id, client);
    }
    return client;
  }
}
