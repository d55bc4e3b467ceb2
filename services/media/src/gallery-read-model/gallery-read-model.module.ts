import { Module } from '@nestjs/common';
import { ChallengesModule } from '../challenges/challenges.module.js';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { PhotosModule } from '../photos/photos.module.js';
import { GalleryReadModelConsumer } from './gallery-read-model.consumer.js';

/** Keeps media's read model of the galleries (and their challenges) in step with events' domain events. */
@Module({
  imports: [ChallengesModule, GalleriesModule, PhotosModule],
  providers: [GalleryReadModelConsumer],
})
export class GalleryReadModelModule {}
