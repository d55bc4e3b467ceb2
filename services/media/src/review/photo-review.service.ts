import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  MAX_REVIEW_BATCH,
  photosSharedWithGuests,
  Subjects,
  type PhotoReviewDecision,
} from '@gallery/contracts';
import {
  AppError,
  GuestIdentities,
  guestIdentityTokenDigest,
  OutboxRelay,
  recordEvent,
} from '@gallery/platform';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { isPhotoId } from '../photos/photo-id.js';
import { PhotoEntity } from '../photos/photo.entity.js';
import { PhotoPresenter } from '../photos/photo.presenter.js';
import { PhotoRepository } from '../photos/photo.repository.js';

/**
 * The couple's decisions on the queue screen: approving photos (guests who may see photos now see them, live)
 * and hiding them (they leave every guest's screen, live). Each decision moves the gallery's withheld count under
 * its row lock, as uploads and deletions move its photo count, and goes out through the outbox
 * (`photo.approved`, `photo.hidden`) for the gateway's open screens and download's zips.
 */
@Injectable()
export class PhotoReviewService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PhotoPresenter) private readonly presenter: PhotoPresenter,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(PhotoRepository) private readonly photoRows: PhotoRepository,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
  ) {}

  /**
   * Approves or hides these photos of the gallery, all or none: REVIEW_BATCH_TOO_LARGE past MAX_REVIEW_BATCH,
   * REVIEW_PHOTO_NOT_FOUND when one is not a photo of this gallery. A photo already in the asked state is left
   * as is. Returns how many photos guests now see.
   */
  async decide(code: string, ids: string[], decision: PhotoReviewDecision): Promise<number> {
    const unique = [...new Set(ids)];
    if (unique.length > MAX_REVIEW_BATCH) {
      throw new AppError('REVIEW_BATCH_TOO_LARGE', { count: MAX_REVIEW_BATCH });
    }
    if (!unique.every(isPhotoId)) throw new AppError('REVIEW_PHOTO_NOT_FOUND');
    const target = decision === 'approve' ? 'approved' : 'hidden';
    const visible = await this.dataSource.transaction(async (manager) => {
      // The photos first (as a deletion locks them), then the gallery, whose counts move under its lock.
      const photos = await manager
        .createQueryBuilder(PhotoEntity, 'photo')
        .where('photo.event_code = :code AND photo.id IN (:...ids)', {
          code,
          ids: unique.length ? unique : [''],
        })
        .orderBy('photo.id')
        .setLock('pessimistic_write')
        .getMany();
      if (photos.length !== unique.length) throw new AppError('REVIEW_PHOTO_NOT_FOUND');
      const gallery = await manager
        .createQueryBuilder(GalleryEntity, 'gallery')
        .where('gallery.code = :code', { code })
        .setLock('pessimistic_write')
        .getOne();
      if (!gallery) throw new AppError('GALLERY_NOT_FOUND');
      const changing = photos.filter((photo) => photo.review !== target);
      if (changing.length === 0) return gallery.photoCount - gallery.withheldCount;
      // Approving takes photos out of the withheld count; hiding puts approved ones in (a waiting one is in it).
      const delta =
        target === 'approved' ? -changing.length : changing.filter((p) => p.review === 'approved').length;
      await manager.update(
        PhotoEntity,
        changing.map((photo) => photo.id),
        { review: target },
      );
      const [counted] = (await manager.query(
        `UPDATE galleries SET withheld_count = GREATEST(withheld_count + $2, 0) WHERE code = $1
         RETURNING photo_count - withheld_count AS visible`,
        [code, delta],
      )) as [{ visible: number }[], number];
      const photoCount = counted[0]?.visible ?? 0;
      const shared = photosSharedWithGuests(gallery, new Date());
      for (const photo of changing) {
        if (target === 'approved') {
          photo.review = 'approved';
          await recordEvent(manager, Subjects.PhotoApproved, {
            photo: this.presenter.present(photo),
            photoCount,
            ...(shared ? {} : { shared }),
          });
        } else {
          // Told to every open screen while photos are shared: the uploader's screen drops its waiting photo too.
          // Otherwise to the couple's and its uploader's (found by their token's digest, with their own count).
          const uploaderId = shared ? null : (photo.uploaderId ?? null);
          await recordEvent(manager, Subjects.PhotoHidden, {
            photoId: photo.id,
            eventCode: code,
            challengeId: photo.challengeId ?? null,
            photoCount,
            ...(shared ? {} : { shared }),
            ...(uploaderId && {
              uploader: {
                tokenDigest: guestIdentityTokenDigest(this.identities.tokenOf(uploaderId)),
                photoCount: await this.photoRows.countByUploader(code, uploaderId, manager),
              },
            }),
          });
        }
      }
      return photoCount;
    });
    this.relay.kick();
    return visible;
  }
}
