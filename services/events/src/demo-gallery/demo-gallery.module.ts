import { Module } from '@nestjs/common';
import { DemoGallery } from './demo-gallery.js';

/** The demo gallery visitors open from the home page: seeded at start-up, reset daily (DemoGallery). */
@Module({ providers: [DemoGallery], exports: [DemoGallery] })
export class DemoGalleryModule {}
