import { Module } from '@nestjs/common';
import { GalleryHighlights } from './gallery-highlights.js';
import { PhotoFacesConsumer } from './photo-faces.consumer.js';
import { PhotoQualityRepository } from './photo-quality.repository.js';

/** Photos' quality measures, near-duplicate groups, the faces "Find me" counted in them, and Highlights. */
@Module({
  providers: [PhotoQualityRepository, GalleryHighlights, PhotoFacesConsumer],
  exports: [PhotoQualityRepository, GalleryHighlights],
})
export class QualityModule {}
