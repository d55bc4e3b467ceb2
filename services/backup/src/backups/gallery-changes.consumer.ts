import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus, recordEvent } from '@gallery/platform';
import { BackupRepository } from './backup-repository.js';

/**
 * Follows the galleries with a drive: each uploaded photo becomes a row to copy (once, whatever the
 * redeliveries: the row's key and the processed-event mark), a plan change stops or resumes the backup (a
 * refund that leaves Premium stops it, and `backup.stopped` has events mail the couple), and the end of a gallery deletes its destination, credentials and rows.
 */
@Injectable()
export class GalleryChangesConsumer extends DurableConsumerService {
  static readonly NAME = 'backup-gallery-changes';
  protected readonly subjects = [Subjects.PhotoUploaded, Subjects.PlanUpgraded, Subjects.EventExpired];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(BackupRepository) private readonly repository: BackupRepository,
  ) {
    super(bus, dataSource, GalleryChangesConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === Subjects.PhotoUploaded) {
      const { photo } = (event as DomainEvent<typeof Subjects.PhotoUploaded>).data;
      await this.repository.enqueue(photo.eventCode, [photo.id], manager);
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
    }
  }
}
