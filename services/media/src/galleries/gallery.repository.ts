import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  photosSharedWithGuests,
  Subjects,
  type EventCreatedData,
  type PlanUpgradedData,
  type PrivacyChangedData,
} from '@gallery/contracts';
import { recordEvent } from '@gallery/platform';
import { GalleryEntity } from './gallery.entity.js';

/** The gallery read model in PostgreSQL. */
@Injectable()
export class GalleryRepository {
  constructor(@Inject(DataSource) private readonly dataSource: DataSource) {}

  find(code: string, manager: EntityManager = this.dataSource.manager): Promise<GalleryEntity | null> {
    return manager.findOneBy(GalleryEntity, { code });
  }

  /** The couple's cover photo (already checked to be one of the gallery's photos); null: none. */
  async setCoverPhoto(code: string, photoId: string | null): Promise<void> {
    await this.dataSource.getRepository(GalleryEntity).update({ code }, { coverPhotoId: photoId });
  }

  /** Reads and locks the row until the caller's transaction ends: the quota decision holds until commit. */
  findForUpdate(manager: EntityManager, code: string): Promise<GalleryEntity | null> {
    return manager
      .createQueryBuilder(GalleryEntity, 'gallery')
      .where('gallery.code = :code', { code })
      .setLock('pessimistic_write')
      .getOne();
  }

  /**
   * A gallery the events service created. A repeat of the same gallery leaves the row (and its count) as is:
   * later events (plan upgrades, expiry) are what change it.
   */
  async recordCreated(manager: EntityManager, gallery: EventCreatedData): Promise<void> {
    await manager.query(
      `INSERT INTO galleries (code, plan, expires_at, photo_count) VALUES ($1, $2, $3, 0)
       ON CONFLICT (code) DO NOTHING`,
      [gallery.code, gallery.plan, gallery.expiresAt],
    );
  }

  /**
   * A plan bought or reverted: quota, video rights and expiry follow it at once. Photos already counted stay
   * counted, also over a reverted plan's quota. A gallery the read model has not heard of yet is left to
   * event.created or the lookup, both of which read the events service's current plan.
   */
  async recordPlanChange(manager: EntityManager, change: PlanUpgradedData): Promise<void> {
    const expiresAt = new Date(change.expiresAt);
    // A refund leaves the photos but closes uploads; a payment made after it opens them again; a new wedding date
    // moves only the expiry.
    const readOnly = change.reason === 'wedding-date' ? {} : { readOnly: change.reason === 'refund' };
    await manager.update(GalleryEntity, { code: change.code }, { plan: change.plan, expiresAt, ...readOnly });
  }

  /**
   * The couple's privacy settings, whole. A gallery the read model has not heard of yet gets them with its row:
   * event.created comes first on the stream, so only a lookup could have been quicker, and it made the row.
   */
  async recordPrivacy(manager: EntityManager, settings: PrivacyChangedData): Promise<void> {
    const before = await manager.findOneBy(GalleryEntity, { code: settings.code });
    const now = new Date();
    const visibility = {
      visibility: settings.visibility,
      revealAt: settings.revealAt ? new Date(settings.revealAt) : null,
    };
    // The couple shared photos that were hidden (back to everyone): open screens load them, as at a reveal.
    if (before && !photosSharedWithGuests(before, now) && photosSharedWithGuests(visibility, now)) {
      await recordEvent(manager, Subjects.PhotosRevealed, {
        code: settings.code,
        revealAt: now.toISOString(),
      });
    }
    await manager.update(
      GalleryEntity,
      { code: settings.code },
      {
        uploadsOpenAt: settings.uploadsOpenAt ? new Date(settings.uploadsOpenAt) : null,
        uploadsCloseAt: settings.uploadsCloseAt ? new Date(settings.uploadsCloseAt) : null,
        guestOriginals: settings.guestOriginals,
        ownerDownloadsKeepMetadata: settings.ownerDownloadsKeepMetadata ?? true,
        // Turning approval off approves nothing by itself: waiting photos stay on the queue for the couple.
        approval: settings.approval ?? false,
        ...visibility,
      },
    );
    // Told only now, in the transaction that applied them: a screen reading again on this reads the new settings.
    await recordEvent(manager, Subjects.SharingChanged, { code: settings.code });
  }
}
