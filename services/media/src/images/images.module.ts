import { Module } from '@nestjs/common';
import { ImageProcessor } from './image-processor.js';

/** Thumbnails, previews and guest copies made with sharp. */
@Module({
  providers: [{ provide: ImageProcessor, useFactory: () => new ImageProcessor() }],
  exports: [ImageProcessor],
})
export class ImagesModule {}
