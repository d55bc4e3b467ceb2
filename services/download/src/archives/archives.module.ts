import { Module } from '@nestjs/common';
import { ArchiveBuilder } from './archive-builder.js';
import { ArchiveJobsRepository } from './archive-jobs.repository.js';
import { ArchiveSweeper } from './archive-sweeper.js';
import { ArchivesResolver } from './archives.resolver.js';
import { ArchivesService } from './archives.service.js';
import { BuilderLease } from './builder-lease.js';
import { GuestbookMessagesConsumer } from './guestbook-messages.consumer.js';
import { HeicJpegCopies } from './heic-jpeg-copies.js';
import { OwnerDownloadChoicesConsumer } from './owner-download-choices.consumer.js';
import { PhotoChangesConsumer } from './photo-changes.consumer.js';

/**
 * Download All: one zip per gallery and photo set, built by one replica at a time, kept up to date with the
 * gallery's photos, guestbook and the owner's choices, and swept when it expires.
 */
@Module({
  providers: [
    ArchiveJobsRepository,
    BuilderLease,
    ArchiveBuilder,
    HeicJpegCopies,
    ArchivesService,
    ArchivesResolver,
    PhotoChangesConsumer,
    GuestbookMessagesConsumer,
    OwnerDownloadChoicesConsumer,
    ArchiveSweeper,
  ],
  exports: [ArchiveJobsRepository],
})
export class ArchivesModule {}
