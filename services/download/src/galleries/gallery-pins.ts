import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { StoredGalleryPins, type KnownPin } from '@gallery/platform';
import { ArchiveJobsRepository } from '../archives/archive-jobs.repository.js';

/**
 * Download's record of each gallery's PIN state (StoredGalleryPins), which also keeps what events answered about a
 * gallery created before download kept PIN states, so such a gallery is asked about once. Never for a purged
 * gallery: under the gallery's lock, so a purge either waits and deletes the row with the rest, or came first.
 */
@Injectable()
export class DownloadGalleryPins extends StoredGalleryPins {
  constructor(
    @Inject(DataSource) dataSource: DataSource,
    @Inject(ArchiveJobsRepository) private readonly jobs: ArchiveJobsRepository,
  ) {
    super(dataSource);
  }

  override async learn(code: string, pin: KnownPin): Promise<void> {
    await this.jobs.unlessPurged(code, (manager) => this.record(manager, code, pin));
  }
}
