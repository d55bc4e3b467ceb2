import { randomUUID } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { PeriodicTask } from '@gallery/platform';
import { DataSource, type EntityManager } from 'typeorm';
import { isVideoType, type MediaContentType } from '@gallery/contracts';
import { ImageWorkQueue } from '../images/image-work-queue.js';
import { withTemporaryOriginal } from '../storage/temporary-original.js';
import { guestCopyKey } from '../photos/photo-object-keys.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { StorageDeletions } from '../storage/storage-deletions.js';
import { GuestCopies } from './guest-copies.js';

/** How often photos recorded before guest copies existed are looked for. */
const GUEST_COPY_SWEEP_INTERVAL_MS = 60 * 1000;
/** Copies one sweep makes at most, one after the other in the background lane. */
const GUEST_COPY_SWEEP_BATCH = 20;
/** How long a copy written but not yet recorded is kept should its build never commit. */
const GUEST_COPY_RESERVATION_MS = 30 * 60 * 1000;

interface PendingCopy {
  id: string;
  originalKey: string;
  contentType: MediaContentType;
}

/**
 * Makes the guest copies of photos recorded before guest copies existed (`guest_copy_pending`), a few at a time
 * in the image work queue's background lane, shared between replicas as previews are: a build holds its photo's
 * row (FOR UPDATE SKIP LOCKED) from before it reads the original until it records the copy, and writes under a
 * key of its own reserved for deletion beforehand. Until its copy is made such a photo's original is not served
 * to guests.
 */
@Injectable()
export class GuestCopySweep implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(GuestCopySweep.name);
  private readonly sweeps: PeriodicTask;
  private closing = false;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(StorageDeletions) private readonly deletions: StorageDeletions,
    @Inject(ImageWorkQueue) private readonly imageWork: ImageWorkQueue,
    @Inject(GuestCopies) private readonly guestCopies: GuestCopies,
  ) {
    this.sweeps = new PeriodicTask(
      'guest copy sweep',
      GUEST_COPY_SWEEP_INTERVAL_MS,
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

  /** Makes up to one batch of pending guest copies; how many photos it settled. */
  async sweepOnce(): Promise<number> {
    let settled = 0;
    while (settled < GUEST_COPY_SWEEP_BATCH && !this.closing) {
      const found = await this.imageWork.runInBackground(() =>
        this.dataSource.transaction(async (manager) => {
          const [photo] = (await manager.query(
            `SELECT id, original_key AS "originalKey", content_type AS "contentType" FROM photos
             WHERE guest_copy_pending ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
          )) as PendingCopy[];
          if (!photo) return false;
          await this.build(manager, photo);
          return true;
        }),
      );
      if (!found) break;
      settled++;
    }
    if (settled > 0) this.logger.log(`made the guest copies of ${settled} earlier photos`);
    return settled;
  }

  private async build(manager: EntityManager, photo: PendingCopy): Promise<void> {
    const key = guestCopyKey(photo.id, randomUUID());
    await this.deletions.schedule([key], new Date(Date.now() + GUEST_COPY_RESERVATION_MS));
    const { contentType } = photo;
    const made = await withTemporaryOriginal('gallery-guest-copy-', async (file) => {
      await this.storage.download(photo.originalKey, file);
      return isVideoType(contentType)
        ? this.guestCopies.ofVideo(file, contentType, key)
        : this.guestCopies.ofPhoto(file, contentType, key);
    });
    if (made && !(await this.deletions.keep(manager, [key]))) {
      throw new Error('the guest copy outlived its reservation');
    }
    await manager.query(
      'UPDATE photos SET guest_original_key = $2, guest_copy_pending = false WHERE id = $1',
      [photo.id, made],
    );
  }
}
