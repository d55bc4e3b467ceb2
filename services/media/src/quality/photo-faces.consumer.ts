import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';

/**
 * Keeps on each photo how many faces the faces service found in it ("Find me"), for Highlights: a count from
 * `photo.faces-counted`, and every count of a gallery unknown again when its couple turns "Find me" off (the
 * faces service deletes its records then; a count kept would outlive the consent it came from).
 */
@Injectable()
export class PhotoFacesConsumer extends DurableConsumerService {
  static readonly NAME = 'media-photo-faces';
  protected readonly subjects = [Subjects.PhotoFacesCounted, Subjects.FindMeChanged];

  constructor(@Inject(EventBus) bus: EventBus, @Inject(DataSource) dataSource: DataSource) {
    super(bus, dataSource, PhotoFacesConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === Subjects.PhotoFacesCounted) {
      const { eventCode, photoId, faces } = (event as DomainEvent<typeof Subjects.PhotoFacesCounted>).data;
      await manager.query('UPDATE photos SET face_count = $3 WHERE id = $1 AND event_code = $2', [
        photoId,
        eventCode,
        faces,
      ]);
    } else if (event.type === Subjects.FindMeChanged) {
      const { code, on } = (event as DomainEvent<typeof Subjects.FindMeChanged>).data;
      if (on) return;
      await manager.query(
        'UPDATE photos SET face_count = NULL WHERE event_code = $1 AND face_count IS NOT NULL',
        [code],
      );
    }
  }
}
