import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { DEFAULT_PRIVACY, Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus, recordEvent } from '@gallery/platform';
import { BackupRepository } from './backup-repository.js';

/**
 * Follows the galleries with a drive: each uploaded photo becomes a row to copy (once, whatever the
 * redeliveries: the row's key and the processed-event mark) as the couple's Download All would hold it: a photo
 * waiting for their approval only once approved, one they hid not at all, and without its metadata when they
 * chose so for their own downloads (kept here from `event.privacy-changed`, read when a copy is claimed). A plan change stops or resumes the backup (a
 * refund that leaves Premium stops it, and `backup.stopped` has events mail the couple), and the end of a gallery deletes its destination, credentials and rows.
 */
@Injectable()
export class GalleryChangesConsumer extends DurableConsumerService {
  static readonly NAME = 'backup-gallery-changes';
  protected readonly subjects = [
    Subjects.PhotoUploaded,
    Subjects.PhotoApproved,
    Subjects.PhotoHidden,
    Subjects.PrivacyChanged,
    Subjects.PlanUpgraded,
    Subjects.EventExpired,
  ];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(BackupRepository) private readonly repository: BackupRepository,
  ) {
    super(bus, dataSource, GalleryChangesConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === Subjects.PhotoUploaded) {
      const { photo, awaitingApproval } = (event as DomainEvent<typeof Subjects.PhotoUploaded>).data;
      // A waiting photo is recorded when the couple approves it (photo.approved).
      if (!awaitingApproval) await this.repository.enqueue(photo.eventCode, [photo.id], manager);
    } else if (event.type === Subjects.PhotoApproved) {
      const { photo } = (event as DomainEvent<typeof Subjects.PhotoApproved>).data;
      await this.repository.enqueueApproved(photo.eventCode, photo.id, manager);
    } else if (event.type === Subjects.PhotoHidden) {
      const hidden = (event as DomainEvent<typeof Subjects.PhotoHidden>).data;
      await this.repository.withhold(hidden.eventCode, hidden.photoId, manager);
    } else if (event.type === Subjects.PrivacyChanged) {
      const settings = (event as DomainEvent<typeof Subjects.PrivacyChanged>).data;
      await this.repository.setKeepMetadata(
        settings.code,
        settings.ownerDownloadsKeepMetadata ?? DEFAULT_PRIVACY.ownerDownloadsKeepMetadata,
        manager,
      );
    } else if (event.type === Subjects.PlanUpgraded) {
      const change = (event as DomainEvent<typeof Subjects.PlanUpgraded>).data;
      const stopped = await this.repository.applyPlan(
        manager,
        change.code,
        change.plan,
        new Date(change.expiresAt),
      );
      if (!stopped) return;
      this.logger.log(`gallery ${change.code} left Premium: its backup stopped`);
      await recordEvent(manager, Subjects.BackupStopped, {
        code: change.code,
        reason: stopped.stopReason === 'EXPIRED' ? 'expired' : 'plan',
        address: stopped.address,
      });
    } else if (event.type === Subjects.EventExpired) {
      const { code } = (event as DomainEvent<typeof Subjects.EventExpired>).data;
      await this.repository.deleteGallery(code, manager);
      await this.repository.deleteChoices(code, manager);
    }
  }
}
