import { Module } from '@nestjs/common';
import { BackupDrives } from './backup-drives.js';

/** The couple's cloud drives a backup is copied to (WebDAV, Google Drive, Dropbox), with their sealed credentials. */
@Module({
  providers: [BackupDrives],
  exports: [BackupDrives],
})
export class DestinationsModule {}
