import { Module } from '@nestjs/common';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { PhotosModule } from '../photos/photos.module.js';
import { GuestbookResolver } from './guestbook.resolver.js';
import { GuestbookService } from './guestbook.service.js';

/** The gallery's guestbook: guests' messages, shown as the couple's approval allows. */
@Module({
  imports: [GalleriesModule, PhotosModule],
  providers: [GuestbookService, GuestbookResolver],
})
export class GuestbookModule {}
