import { Module } from '@nestjs/common';
import { DestinationsModule } from '../destinations/destinations.module.js';
import { BackupExpiry } from './backup-expiry.js';
import { BackupRepository } from './backup-repository.js';
import { BackupWorker } from './backup-worker.js';
import { BackupsResolver } from './backups.resolver.js';
import { BackupsService } from './backups.service.js';
import { GalleryChangesConsumer } from './gallery-changes.consumer.js';

/** A Premium gallery's backup: copying its originals to the couple's drive, keeping up with it, stopping it. */
@Module({
  imports: [DestinationsModule],
  providers: [
    BackupRepository,
    BackupWorker,
    BackupsService,
    BackupsResolver,
    GalleryChangesConsumer,
    BackupExpiry,
  ],
  exports: [BackupsService],
})
export class BackupsModule {}
