import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';
import { FaceRecords } from './face-records.js';

/**
 * Follows the photos of galleries with "Find me" on: a new or newly approved photo is queued to be looked at (the
 * indexer does the work, outside this handler, so a slow photo never holds up the stream); a removed photo's
 * faces go at once, and a gallery that ends has every record of it purged.
 */
@Injectable()
export class PhotoChangesConsumer extends DurableConsumerService {
  static readonly NAME = 'faces-photo-changes';
  protected readonly subjects = [
    Subjects.PhotoUploaded,
    Subjects.PhotoApproved,
    Subjects.PhotoDeleted,
    Subjects.EventExpired,
  ];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(FaceRecords) private readonly records: FaceRecords,
  ) {
    super(bus, dataSource, PhotoChangesConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === Subjects.PhotoUploaded || event.type === Subjects.PhotoApproved) {
      const { photo } = (event as DomainEvent<typeof Subjects.PhotoUploaded>).data;
      // Videos have no faces looked for (their poster frame is one moment of many).
      if (photo.kind !== 'photo') return;
      await this.records.queue(manager, { photoId: photo.id, eventCode: photo.eventCode });
    } else if (event.type === Subjects.PhotoDeleted) {
      await this.records.forgetPhoto(
        manager,
        (event as DomainEvent<typeof Subjects.PhotoDeleted>).data.photoId,
      );
    } else if (event.type === Subjects.EventExpired) {
      await this.records.forgetGallery(
        manager,
        (event as DomainEvent<typeof Subjects.EventExpired>).data.code,
      );
    }
  }
}
