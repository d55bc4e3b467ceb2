import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';
import { DownloadGalleryPins } from './gallery-pins.js';

/**
 * Keeps download's record of each gallery's PIN state (DownloadGalleryPins) from events' domain events: a new
 * gallery has none, and `event.privacy-changed` carries each change with its version.
 */
@Injectable()
export class GalleryPinsConsumer extends DurableConsumerService {
  static readonly NAME = 'download-gallery-pins';
  protected readonly subjects = [Subjects.EventCreated, Subjects.PrivacyChanged];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(DownloadGalleryPins) private readonly pins: DownloadGalleryPins,
  ) {
    super(bus, dataSource, GalleryPinsConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type === Subjects.EventCreated) {
      const { code } = (event as DomainEvent<typeof Subjects.EventCreated>).data;
      await this.pins.recordCreated(manager, code);
    } else if (event.type === Subjects.PrivacyChanged) {
      const { code, pin } = (event as DomainEvent<typeof Subjects.PrivacyChanged>).data;
      if (pin) await this.pins.record(manager, code, pin);
    }
  }
}
