import { Module } from '@nestjs/common';
import { OwnersModule } from '../owners/owners.module.js';
import { EventOwnerResolver } from './event-owner.resolver.js';
import { GalleriesRepository } from './galleries.repository.js';
import { GalleriesResolver } from './galleries.resolver.js';
import { GalleriesService } from './galleries.service.js';
import { GalleryCodes } from './gallery-codes.js';
import { GalleryLookups } from './gallery-lookups.js';
import { GalleryLookupResponder } from './gallery-lookup.responder.js';
import { GalleryStateResponder } from './gallery-state.responder.js';
import { GalleryActivity } from '../analytics/gallery-activity.js';
import { GalleryActivityResolver } from '../analytics/gallery-activity.resolver.js';
import { GalleryPurge } from './gallery-purge.js';
import { GalleryEndings } from './gallery-endings.js';
import { OwnerGalleriesResolver } from './owner-galleries.resolver.js';

@Module({
  imports: [OwnersModule],
  // The requests other services ask about galleries.
  controllers: [GalleryLookupResponder, GalleryStateResponder],
  providers: [
    GalleriesRepository,
    GalleryCodes,
    GalleriesService,
    GalleryLookups,
    GalleriesResolver,
    EventOwnerResolver,
    GalleryPurge,
    GalleryEndings,
    OwnerGalleriesResolver,
    GalleryActivity,
    GalleryActivityResolver,
  ],
  exports: [GalleriesRepository],
})
export class GalleriesModule {}
