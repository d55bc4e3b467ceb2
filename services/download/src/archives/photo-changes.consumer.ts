import { Inject, Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { Subjects, type DomainEvent } from '@gallery/contracts';
import { DurableConsumerService, EventBus } from '@gallery/platform';
import { ArchiveBuilder } from './archive-builder.js';
import { ArchiveJobsRepository } from './archive-jobs.repository.js';
import { ArchiveStorage } from './archive-storage.js';

/**
 * Follows photos added to and removed from galleries, and changes to their photo challenges: each bumps the gallery's version, so its finished zips
 * are no longer handed out (the next request builds a new one) and the sweep deletes them. A gallery that ends
 * (event.expired) has its zips and rows purged at once, and its builds in progress stopped.
 */
@Injectable()
export class PhotoChangesConsumer extends DurableConsumerService {
  static readonly NAME = 'download-photo-changes';
  protected readonly subjects = [
    Subjects.PhotoUploaded,
    Subjects.PhotoDeleted,
    // The couple's approval: an approved photo joins the zip, a hidden one leaves it.
    Subjects.PhotoApproved,
    Subjects.PhotoHidden,
    // A renamed or removed challenge renames or empties a folder of the BY_CHALLENGE zip.
    Subjects.ChallengesChanged,
    Subjects.EventExpired,
  ];

  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) dataSource: DataSource,
    @Inject(ArchiveJobsRepository) private readonly jobs: ArchiveJobsRepository,
    @Inject(ArchiveStorage) private readonly storage: ArchiveStorage,
    @Inject(ArchiveBuilder) private readonly builder: ArchiveBuilder,
  ) {
    super(bus, dataSource, PhotoChangesConsumer.NAME);
  }

  protected async handle(event: DomainEvent, manager: EntityManager): Promise<void> {
    if (event.type !== Subjects.EventExpired) return this.jobs.bumpVersion(manager, galleryOf(event));
    await this.purge(manager, (event as DomainEvent<typeof Subjects.EventExpired>).data.code);
  }

  /**
   * The end of a gallery: its zips leave storage and its rows leave the database, and nothing of it is built
   * again. The objects are removed inside the handler's transaction: if storage refuses, the event is
   * redelivered and the purge tried again. A build of the gallery running here is stopped (it aborts its
   * multipart upload and removes what it wrote); one running in another process finds its job gone at its next
   * heartbeat or when it completes, and does the same.
   */
  private async purge(manager: EntityManager, code: string): Promise<void> {
    const jobs = await this.jobs.markPurged(manager, code);
    for (const job of jobs) await this.storage.remove(job.objectKey);
    await this.jobs.deleteGallery(manager, code);
    this.builder.stopGallery(code);
  }
}

function galleryOf(event: DomainEvent): string {
  if (event.type === Subjects.PhotoUploaded) {
    return (event as DomainEvent<typeof Subjects.PhotoUploaded>).data.photo.eventCode;
  }
  if (event.type === Subjects.PhotoApproved) {
    return (event as DomainEvent<typeof Subjects.PhotoApproved>).data.photo.eventCode;
  }
  if (event.type === Subjects.ChallengesChanged) {
    return (event as DomainEvent<typeof Subjects.ChallengesChanged>).data.code;
  }
  return (event as DomainEvent<typeof Subjects.PhotoDeleted>).data.eventCode;
}
