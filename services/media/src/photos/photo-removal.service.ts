import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { photosSharedWithGuests, Subjects } from '@gallery/contracts';
import { AppError, describeError, OutboxRelay, recordEvent } from '@gallery/platform';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { StorageDeletions } from '../storage/storage-deletions.js';
import { uploadSettledAt } from '../storage/abandoned-upload-cutoff.js';
import { STAGING_PREFIX, uploadObjectKeys } from '../storage/upload-object-keys.js';
import { PhotoEntity } from './photo.entity.js';
import { isPhotoId } from './photo-id.js';

/** How long after a purge's transaction the deletions queue is run for its objects. */
const PURGE_DELETION_DELAY_MS = 1000;

/**
 * The keys of the photos a DELETE ... RETURNING removed: original, guest copy, thumbnail and preview when they
 * exist.
 */
const RETURNING_KEYS = 'RETURNING original_key, guest_original_key, thumbnail_key, preview_key, created_at';
type DeletedKeys = {
  original_key: string;
  guest_original_key: string | null;
  thumbnail_key: string | null;
  preview_key: string | null;
  created_at: Date;
};

/**
 * Staging keys an upload URL may still PUT back after their deletion: an original checked in place keeps its
 * upload's key, and the URL lives a few minutes after its slot (`since`: the upload's or its photo's creation,
 * later still). They are deleted once more when no upload URL can be.
 */
function puttableAgain(objects: { key: string; since: Date }[], now = new Date()): string[] {
  return objects
    .filter(({ key, since }) => key.startsWith(STAGING_PREFIX) && uploadSettledAt(since) > now)
    .map(({ key }) => key);
}

function photoKeys(photo: DeletedKeys): string[] {
  return [photo.original_key, photo.guest_original_key, photo.thumbnail_key, photo.preview_key].filter(
    (key): key is string => !!key,
  );
}

/**
 * Removing photos: one by its owner (photo.deleted goes out with the new count, so every open screen drops it),
 * or a whole gallery when it ends (event.expired). Rows go in one transaction with the scheduling of their
 * objects' deletion in the storage deletions queue, so no object outlives its row even through a storage outage.
 * The keys are the ones the DELETE itself returns: a preview recorded after the photo was first read (it is made
 * after the photo's commit, under the row's lock, which the DELETE waits for) is deleted with the rest.
 */
@Injectable()
export class PhotoRemovalService {
  private readonly logger = new Logger(PhotoRemovalService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(StorageDeletions) private readonly deletions: StorageDeletions,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  /** Removes one photo (its owner's call, checked by AccessGuard); the gallery's new photo count. */
  async remove(photoId: string): Promise<number> {
    const photo = isPhotoId(photoId)
      ? await this.dataSource.manager.findOneBy(PhotoEntity, { id: photoId })
      : null;
    if (!photo) throw new AppError('PHOTO_NOT_FOUND');
    const photoCount = await this.dataSource.transaction(async (manager) => {
      // The photo's row first: a preview being built holds it, and the gallery, whose lock confirmations of
      // other photos need, is locked only once that build is over. Then the gallery row: the quota counter moves
      // under its lock, as uploads move it.
      const [locked] = (await manager.query('SELECT review FROM photos WHERE id = $1 FOR UPDATE', [
        photo.id,
      ])) as { review: string }[];
      // A photo guests did not see (waiting or hidden) leaves the withheld count too.
      const withheld = locked && locked.review !== 'approved' ? 1 : 0;
      const gallery = await manager
        .createQueryBuilder(GalleryEntity, 'gallery')
        .where('gallery.code = :code', { code: photo.eventCode })
        .setLock('pessimistic_write')
        .getOne();
      const [gone] = (await manager.query(`DELETE FROM photos WHERE id = $1 ${RETURNING_KEYS}`, [
        photo.id,
      ])) as [DeletedKeys[], number];
      if (gone.length === 0) throw new AppError('PHOTO_NOT_FOUND');
      const [counted] = (await manager.query(
        `UPDATE galleries SET photo_count = GREATEST(photo_count - 1, 0),
                withheld_count = GREATEST(withheld_count - $2, 0)
          WHERE code = $1 RETURNING photo_count - withheld_count AS photo_count`,
        [photo.eventCode, withheld],
      )) as [{ photo_count: number }[], number];
      const count = counted[0]?.photo_count ?? 0;
      await this.deletions.schedule(photoKeys(gone[0]), new Date(), manager);
      const again = puttableAgain([{ key: gone[0].original_key, since: gone[0].created_at }]);
      await this.deletions.schedule(again, uploadSettledAt(new Date()), manager);
      await recordEvent(manager, Subjects.PhotoDeleted, {
        photoId: photo.id,
        eventCode: photo.eventCode,
        photoCount: count,
        challengeId: photo.challengeId ?? null,
        tableNumber: photo.tableNumber ?? null,
        // Not shared (or never approved): guests' screens never had it, and the gallery's count is not theirs
        // to see.
        ...((gallery && !photosSharedWithGuests(gallery, new Date())) || withheld ? { shared: false } : {}),
      });
      return count;
    });
    this.relay.kick();
    this.deleteSoon();
    return photoCount;
  }

  /** Everything media holds of a gallery, in the caller's transaction: photos, uploads, the read model row. */
  async purgeGallery(manager: EntityManager, code: string): Promise<void> {
    const [photos] = (await manager.query(`DELETE FROM photos WHERE event_code = $1 ${RETURNING_KEYS}`, [
      code,
    ])) as [DeletedKeys[], number];
    const uploads: { id: string; eventCode: string; objectKey: string; createdAt: Date }[] =
      await manager.query(
        `SELECT id, event_code AS "eventCode", object_key AS "objectKey", created_at AS "createdAt"
         FROM uploads WHERE event_code = $1`,
        [code],
      );
    const keys = [...photos.flatMap(photoKeys), ...uploads.flatMap(uploadObjectKeys)];
    await this.deletions.schedule(keys, new Date(), manager);
    // A photo checked in place has its upload's key: its upload's row covers it.
    const again = puttableAgain(
      uploads.map((upload) => ({ key: upload.objectKey, since: upload.createdAt })),
    );
    await this.deletions.schedule(again, uploadSettledAt(new Date()), manager);
    await manager.query('DELETE FROM uploads WHERE event_code = $1', [code]);
    await manager.query('DELETE FROM galleries WHERE code = $1', [code]);
    await manager.query('DELETE FROM gallery_pins WHERE code = $1', [code]);
    await manager.query('DELETE FROM challenges WHERE event_code = $1', [code]);
    await manager.query('DELETE FROM guestbook_messages WHERE event_code = $1', [code]);
    // The consumer commits these rows once this returns: run the queue shortly after rather than at its next tick
    // (what is not committed by then waits for the periodic run).
    if (keys.length > 0) setTimeout(() => this.deleteSoon(), PURGE_DELETION_DELAY_MS).unref();
  }

  /** Runs the deletions queue now rather than at its next tick; what fails stays queued for the worker. */
  deleteSoon(): void {
    void this.deletions
      .processOnce()
      .catch((error: unknown) => this.logger.warn(`deletions deferred: ${describeError(error)}`));
  }
}
