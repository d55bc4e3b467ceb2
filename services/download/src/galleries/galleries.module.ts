import { Module } from '@nestjs/common';
import { KnownGalleryPins } from '@gallery/platform';
import { ArchivesModule } from '../archives/archives.module.js';
import { GalleryPinsConsumer } from './gallery-pins.consumer.js';
import { DownloadGalleryPins } from './gallery-pins.js';

/** Which galleries have a PIN, as events announces them: what the access check admits guests by. */
@Module({
  imports: [ArchivesModule],
  providers: [
    DownloadGalleryPins,
    { provide: KnownGalleryPins, useExisting: DownloadGalleryPins },
    GalleryPinsConsumer,
  ],
  exports: [KnownGalleryPins],
})
export class GalleriesModule {}
