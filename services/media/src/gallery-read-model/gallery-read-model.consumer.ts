import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent, type Subject } from '@gallery/contracts';
import { DurableConsumerService, EventBus, OutboxRelay } from '@gallery/platform';
import { ChallengeRepository } from '../challenges/challenge.repository.js';
import { PhotoRemovalService } from '../photos/photo-removal.service.js';
import { MediaGalleryPins } from '../galleries/gallery-pins.js';
import { GalleryRepository } from '../galleries/gallery.repository.js';

type Projection = (event: DomainEvent, manager: EntityManager) => Promise<void>;

/**
 * Keeps the gallery read model (plan, expiry, photo count, photo challenges, privacy settings, the PIN's state) in
 * step with the events service's galleries. One projection per subject: following plan upgrades or expiry later is
 * one more entry here.
 */
@Injectable()
export class GalleryReadModelConsumer extends DurableConsumerService {
  static readonly NAME = 'media-gallery-read-model';
  private readonly projections: Partial<Record<Subject, Projection>> = {
    [Subjects.EventCreated]: async (event, manager) => {
      const gallery = (event as DomainEvent<typeof Subjects.EventCreated>).data;
      await this.galleries.recordCreated(manager, gallery);
      await this.pins.recordCreated(manager, gallery.code);
    },
    [Subjects.PlanUpgraded]: (event, manager) =>
      this.galleries.recordPlanChange(manager, (event as DomainEvent<typeof Subjects.PlanUpgraded>).data),
    [Subjects.PrivacyChanged]: async (event, manager) => {
      const settings = (event as DomainEvent<typeof Subjects.PrivacyChanged>).data;
      await this.galleries.recordPrivacy(manager, settings);
      if (settings.pin) await this.pins.record(manager, settings.code, settings.pin);
    },
    [Subjects.ChallengesChanged]: (event, manager) =>
      this.challenges.replace(manager, (event as DomainEvent<typeof Subjects.ChallengesChanged>).data),
    // The end of a gallery: its photos, uploads and read model go; their objects join the deletions queue.
    [Subjects.EventExpired]: (event, manager) =>
      this.removal.purgeGallery(manager, (event as DomainEvent<typeof Subjects.EventExpired>).data.code),
  };
  protected readonly subjects = Object.keys(this.projections) as Subject[];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(PhotoRemovalService) private readonly removal: PhotoRemovalService,
    @Inject(ChallengeRepository) private readonly challenges: ChallengeRepository,
    @Inject(MediaGalleryPins) private readonly pins: MediaGalleryPins,
    // Privacy changes and reveals record photo.sharing-changed and photo.revealed: guests' screens wait on them.
    @Inject(OutboxRelay) relay: OutboxRelay,
  ) {
    super(bus, dataSource, GalleryReadModelConsumer.NAME, relay);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    await this.projections[event.type]?.(event, manager);
  }
}
