import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { isVideoType, type MediaContentType } from '@gallery/contracts';
import { ImageWorkQueue } from '../images/image-work-queue.js';
import { guestCopyKey } from '../storage/photo-object-keys.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { StorageDeletions } from '../storage/storage-deletions.js';
import { withTemporaryOriginal } from '../storage/temporary-original.js';
import { GuestCopies } from './guest-copies.js';

/** How long a copy written but not yet recorded is kept should its build never commit. */
const GUEST_COPY_RESERVATION_MS = 30 * 60 * 1000;

interface PendingCopy {
  id: string;
  originalKey: string;
  contentType: MediaContentType;
  guestOriginalKey: string | null;
  guestCopyPending: boolean;
}

const PENDING_COPY_COLUMNS = `id, original_key AS "originalKey", content_type AS "contentType",
  guest_original_key AS "guestOriginalKey", guest_copy_pending AS "guestCopyPending"`;

/**
 * Builds the guest copies still to be made (`guest_copy_pending`): a photo's when it is first asked for (a guest's
 * original, a zip or a backup without metadata), a video's by the sweep in the background. A build holds its
 * photo's row from before it reads the original until it records the copy, so two builds of one photo never both
 * run (the second finds the copy made), and a removal waits for it and then deletes the copy with the photo's other
 * files; it writes under a key of its own reserved for deletion beforehand, so a build that never commits leaves
 * nothing behind.
 */
@Injectable()
export class PendingGuestCopies {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(StorageDeletions) private readonly deletions: StorageDeletions,
    @Inject(ImageWorkQueue) private readonly imageWork: ImageWorkQueue,
    @Inject(GuestCopies) private readonly guestCopies: GuestCopies,
  ) {}

  /**
   * The guest copy of a photo (never a video: its copy takes too long for one request), made now if it is still
   * to be made, or waiting for a build of it already running; null when there is no such photo or no copy could
   * be made. With `gallery`, a photo of another gallery is answered as missing.
   */
  ofPhoto(
    id: string,
    options: {
      gallery?: string;
      /**
       * A guest waiting for this one copy takes the image work queue's urgent lane; a zip or a backup going through
       * a whole gallery the background lane, so confirmations never wait behind it. Either bounds how many
       * originals are read at once.
       */
      lane: 'urgent' | 'background';
    },
  ): Promise<string | null> {
    const { gallery, lane } = options;
    const work = (job: () => Promise<string | null>) =>
      lane === 'urgent' ? this.imageWork.run(job) : this.imageWork.runInBackground(job);
    return work(() =>
      this.dataSource.transaction(async (manager) => {
        const [photo] = (await manager.query(
          `SELECT ${PENDING_COPY_COLUMNS} FROM photos
           WHERE id = $1 AND ($2::text IS NULL OR event_code = $2) FOR UPDATE`,
          [id, gallery ?? null],
        )) as PendingCopy[];
        if (!photo || !photo.guestCopyPending || isVideoType(photo.contentType))
          return photo?.guestOriginalKey ?? null;
        return this.build(manager, photo);
      }),
    );
  }

  /**
   * Builds the oldest pending video copy no other build holds, in the background lane; false when none is left. A
   * video's copy is made at its confirmation: only videos recorded before guest copies existed are pending.
   */
  buildNextVideo(): Promise<boolean> {
    return this.imageWork.runInBackground(() =>
      this.dataSource.transaction(async (manager) => {
        const [photo] = (await manager.query(
          `SELECT ${PENDING_COPY_COLUMNS} FROM photos
           WHERE guest_copy_pending AND kind = 'video' ORDER BY created_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
        )) as PendingCopy[];
        if (!photo) return false;
        await this.build(manager, photo);
        return true;
      }),
    );
  }

  /** Makes, stores and records the copy of a photo whose row `manager` holds; its key, or null. */
  private async build(manager: EntityManager, photo: PendingCopy): Promise<string | null> {
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
    return made;
  }
}
