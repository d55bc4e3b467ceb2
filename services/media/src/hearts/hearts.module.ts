import { Module } from '@nestjs/common';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { PhotosModule } from '../photos/photos.module.js';
import { HeartCountBroadcaster } from './heart-count.broadcaster.js';
import { HeartsResolver } from './hearts.resolver.js';
import { HeartsService } from './hearts.service.js';

/** Guests' hearts on photos, and their counts pushed live. */
@Module({
  imports: [GalleriesModule, PhotosModule],
  providers: [HeartCountBroadcaster, HeartsService, HeartsResolver],
})
export class HeartsModule {}
