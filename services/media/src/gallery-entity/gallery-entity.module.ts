import { Module } from '@nestjs/common';
import { ChallengesModule } from '../challenges/challenges.module.js';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { ReadSnapshots } from '../graphql/read-snapshots.js';
import { PhotosModule } from '../photos/photos.module.js';
import { TablesModule } from '../tables/tables.module.js';
import { CoverPhotoResolver } from './cover-photo.resolver.js';
import { EventResolver } from './event.resolver.js';

/**
 * The fields media adds to the gallery entity (the API's Event): its photos, their counts, its challenges, its
 * tables and its cover photo.
 */
@Module({
  imports: [ChallengesModule, GalleriesModule, PhotosModule, TablesModule],
  providers: [ReadSnapshots, EventResolver, CoverPhotoResolver],
})
export class GalleryEntityModule {}
