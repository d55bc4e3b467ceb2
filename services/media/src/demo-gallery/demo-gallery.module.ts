import { Module } from '@nestjs/common';
import { ImagesModule } from '../images/images.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { DemoGallery } from './demo-gallery.js';

/** The demo gallery visitors open from the home page: its photos, hearts and guestbook, seeded and reset daily. */
@Module({ imports: [StorageModule, ImagesModule], providers: [DemoGallery], exports: [DemoGallery] })
export class DemoGalleryModule {}
