import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumer, EventBus } from '@gallery/platform';
import { ArchiveJobsRepository } from './archive-jobs.repository.js';

/**
 * Follows photos added to and removed from galleries: each bumps the gallery's version, so its finished zips
 * are no longer handed out (the next request builds a new one) and the sweep deletes them.
 */
@Injectable()
export class PhotoChangesConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  static readonly NAME = 'download-photo-changes';
  private readonly logger = new Logger(PhotoChangesConsumer.name);
  private consumer: DurableConsumer | undefined;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ArchiveJobsRepository) private readonly jobs: ArchiveJobsRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = new DurableConsumer(this.bus, this.dataSource, {
      name: PhotoChangesConsumer.NAME,
      subjects: [Subjects.PhotoUploaded, Subjects.PhotoDeleted],
      handle: async (event, manager) => this.jobs.bumpVersion(manager, galleryOf(event)),
      onError: (error, event) =>
        this.logger.warn(`${event ? `${event.type} ${event.id}` : 'consumer'}: ${(error as Error).message}`),
    });
    await this.consumer.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }
}

function galleryOf(event: DomainEvent): string {
  if (event.type === Subjects.PhotoUploaded) {
    return (event as DomainEvent<typeof Subjects.PhotoUploaded>).data.photo.eventCode;
  }
  return (event as DomainEvent<typeof Subjects.PhotoDeleted>).data.eventCode;
}
