import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumer, EventBus } from '@gallery/platform';
import { ArchiveJobsRepository } from './archive-jobs.repository.js';
import { ArchiveStorage } from './archive-storage.js';

/**
 * Follows photos added to and removed from galleries: each bumps the gallery's version, so its finished zips
 * are no longer handed out (the next request builds a new one) and the sweep deletes them. A gallery that ends
 * (event.expired) has its zips and rows purged at once.
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
    @Inject(ArchiveStorage) private readonly storage: ArchiveStorage,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.consumer = new DurableConsumer(this.bus, this.dataSource, {
      name: PhotoChangesConsumer.NAME,
      subjects: [Subjects.PhotoUploaded, Subjects.PhotoDeleted, Subjects.EventExpired],
      handle: async (event, manager) => {
        if (event.type !== Subjects.EventExpired) return this.jobs.bumpVersion(manager, galleryOf(event));
        await this.purge(manager, (event as DomainEvent<typeof Subjects.EventExpired>).data.code);
      },
      onError: (error, event) =>
        this.logger.warn(`${event ? `${event.type} ${event.id}` : 'consumer'}: ${(error as Error).message}`),
    });
    await this.consumer.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.consumer?.stop();
  }

  /**
   * The end of a gallery: its zips leave storage and its rows leave the database. The objects are removed inside
   * the handler's transaction: if storage refuses, the event is redelivered and the purge tried again.
   */
  private async purge(manager: EntityManager, code: string): Promise<void> {
    const jobs: { object_key: string }[] = await manager.query(
      'SELECT object_key FROM archive_jobs WHERE event_code = $1 FOR UPDATE',
      [code],
    );
    for (const job of jobs) await this.storage.remove(job.object_key);
    await manager.query('DELETE FROM archive_jobs WHERE event_code = $1', [code]);
    await manager.query('DELETE FROM gallery_versions WHERE event_code = $1', [code]);
  }
}

function galleryOf(event: DomainEvent): string {
  if (event.type === Subjects.PhotoUploaded) {
    return (event as DomainEvent<typeof Subjects.PhotoUploaded>).data.photo.eventCode;
  }
  return (event as DomainEvent<typeof Subjects.PhotoDeleted>).data.eventCode;
}
