import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent, type Subject } from '@gallery/contracts';
import { DurableConsumer, EventBus } from '@gallery/platform';
import { PhotoRemovalService } from '../photos/photo-removal.service.js';
import { GalleryRepository } from './gallery.repository.js';

type Projection = (event: DomainEvent, manager: EntityManager) => Promise<void>;

/**
 * Keeps the gallery read model (plan, expiry, photo count) in step with the events service's galleries. One
 * projection per subject: following plan upgrades or expiry later is one more entry here.
 */
@Injectable()
export class GalleryReadModelConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  static readonly NAME = 'media-gallery-read-model';
  private readonly logger = new Logger(GalleryReadModelConsumer.name);
  private readonly projections: Partial<Record<Subject, Projection>> = {
    [Subjects.EventCreated]: (event, manager) =>
      this.galleries.recordCreated(manager, (event as DomainEvent<typeof Subjects.EventCreated>).data),
    [Subjects.PlanUpgraded]: (event, manager) =>
      this.galleries.recordPlanChange(manager, (event as DomainEvent<typeof Subjects.PlanUpgraded>).data),
    // The end of a gallery: its photos, uploads and read model go; their objects join the deletions queue.
    [Subjects.EventExpired]: (event, manager) =>
      this.removal.purgeGallery(manager, (event as DomainEvent<typeof Subjects.EventExpired>).data.code),
  };
  private consumer: DurableConsumer | undefined;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(PhotoRemovalService) private readonly removal: PhotoRemovalService,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = new DurableConsumer(this.bus, this.dataSource, {
      name: GalleryReadModelConsumer.NAME,
      subjects: Object.keys(this.projections) as Subject[],
      handle: (event, manager) => this.project(event, manager),
      onError: (error, event) =>
        this.logger.warn(`${event ? `${event.type} ${event.id}` : 'consumer'}: ${(error as Error).message}`),
    });
    await this.consumer.start();
  }

  /** Stops before the event bus closes its connection (that happens in the shutdown hook after this one). */
  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }

  private async project(event: DomainEvent, manager: EntityManager): Promise<void> {
    await this.projections[event.type]?.(event, manager);
  }
}
