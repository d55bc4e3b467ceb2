import { Module } from '@nestjs/common';
import { GalleryHighlights } from './gallery-highlights.js';
import { PhotoQualityRepository } from './photo-quality.repository.js';

/** Photos' quality measures, near-duplicate groups and Highlights. */
@Module({
  providers: [PhotoQualityRepository, GalleryHighlights],
  exports: [PhotoQualityRepository, GalleryHighlights],
})
export class QualityModule {}
