import { Module, type DynamicModule } from '@nestjs/common';
import {
  EXTRA_HEALTH_CHECKS,
  KnownPinGuestAdmission,
  RemoteOwnerAuthority,
  ServiceModule,
  type ExtraHealthChecks,
} from '@gallery/platform';
import { ChallengesModule } from './challenges/challenges.module.js';
import { MediaConfig } from './config/media-config.js';
import { mediaMigrations } from './database/migrations.js';
import { EventModel } from './galleries/event.model.js';
import { DemoGalleryModule } from './demo-gallery/demo-gallery.module.js';
import { GalleriesModule } from './galleries/galleries.module.js';
import { GalleryEntity } from './galleries/gallery.entity.js';
import { GalleryEntityModule } from './gallery-entity/gallery-entity.module.js';
import { GalleryReadModelModule } from './gallery-read-model/gallery-read-model.module.js';
import { GuestCopiesModule } from './guest-copies/guest-copies.module.js';
import { GuestbookModule } from './guestbook/guestbook.module.js';
import { GuestsModule } from './guests/guests.module.js';
import { HeartsModule } from './hearts/hearts.module.js';
import { imageWorkConcurrency, ImageWorkQueue } from './images/image-work-queue.js';
import { ImagesModule } from './images/images.module.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { PREVIEW_BACKLOG } from './photos/photo-previews.js';
import { PhotosModule } from './photos/photos.module.js';
import { ReviewModule } from './review/review.module.js';
import { SharersModule } from './sharers/sharers.module.js';
import { ObjectStorage } from './storage/object-storage.js';
import { StorageModule } from './storage/storage.module.js';
import { UploadEntity } from './uploads/upload.entity.js';
import { UploadsModule } from './uploads/uploads.module.js';
import { VideosModule } from './videos/videos.module.js';

/**
 * How often media's outbox relay looks for events no kick published. Every transaction of media that records
 * an event kicks the relay when it commits, so the look only catches what a replica that stopped in between
 * left behind; at the platform's 500 ms it cost two transactions a second, idle or not (docs/decisions.md,
 * "fewer round trips").
 */
export const MEDIA_RELAY_POLL_MS = 5000;

@Module({})
export class AppModule {
  static forRoot(config: MediaConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceModule.forRoot({
          natsClientName: 'media',
          // The queue group its replicas share to answer service requests: the name every release uses, so the
          // replicas of two releases share them during a rolling update.
          requestQueue: 'media-service',
          config,
          entities: [GalleryEntity, UploadEntity, PhotoEntity],
          migrations: mediaMigrations,
          relayPollIntervalMs: MEDIA_RELAY_POLL_MS,
          // Ownership asked of events; guests of a gallery without a PIN admitted from the read model, those of one
          // with a PIN asked of events (a yes remembered a few minutes).
          access: { owners: RemoteOwnerAuthority, guests: KnownPinGuestAdmission },
          // Guests are known by the identity media signs for them: rate limits count them by it.
          guestIdentities: true,
          // Event is reached only through _entities (no root field of ours returns it): listed explicitly.
          orphanedTypes: [EventModel],
          providers: [
            {
              provide: EXTRA_HEALTH_CHECKS,
              inject: [ObjectStorage],
              useFactory: (storage: ObjectStorage): ExtraHealthChecks => ({ storage: storage.healthCheck() }),
            },
            {
              provide: ImageWorkQueue,
              // Past the previews that keep their original in memory, a waiting preview would read it again.
              useFactory: () => new ImageWorkQueue(imageWorkConcurrency(), PREVIEW_BACKLOG),
            },
          ],
          exports: [EXTRA_HEALTH_CHECKS, ImageWorkQueue],
          imports: [
            StorageModule,
            ImagesModule,
            VideosModule,
            GalleriesModule,
            GuestCopiesModule,
            PhotosModule,
            ChallengesModule,
            GalleryEntityModule,
            GalleryReadModelModule,
            UploadsModule,
            GuestbookModule,
            HeartsModule,
            ReviewModule,
            GuestsModule,
            SharersModule,
            DemoGalleryModule,
          ],
        }),
      ],
    };
  }
}
