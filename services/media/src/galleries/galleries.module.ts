import { Module } from '@nestjs/common';
import { KnownGalleryPins } from '@gallery/platform';
import { GalleryDirectory } from './gallery-directory.js';
import { MediaGalleryPins } from './gallery-pins.js';
import { GalleryRepository } from './gallery.repository.js';
import { RevealAnnouncer } from './reveal-announcer.js';

/**
 * Media's read model of events' galleries (plan, dates, privacy, PIN): what every upload, photo and access check
 * reads, never asking events.
 */
@Module({
  providers: [
    GalleryRepository,
    GalleryDirectory,
    RevealAnnouncer,
    // Which galleries have a PIN: what the access check admits guests by.
    MediaGalleryPins,
    { provide: KnownGalleryPins, useExisting: MediaGalleryPins },
  ],
  exports: [GalleryRepository, GalleryDirectory, MediaGalleryPins, KnownGalleryPins],
})
export class GalleriesModule {}
