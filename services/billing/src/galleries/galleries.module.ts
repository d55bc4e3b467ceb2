import { Module } from '@nestjs/common';
import { GalleryPurgeConsumer } from './gallery-purge.consumer.js';

/** The end of a gallery in billing: payments are kept, with nothing of the gallery left on them. */
@Module({
  providers: [GalleryPurgeConsumer],
})
export class GalleriesModule {}
