import { Module, type DynamicModule } from '@nestjs/common';
import {
  EXTRA_HEALTH_CHECKS,
  KnownGalleryPins,
  KnownPinGuestAdmission,
  RemoteOwnerAuthority,
  ServiceModule,
  type ExtraHealthChecks,
} from '@gallery/platform';
import { mediaMigrations } from './database/migrations.js';
import { PhotoGalleries } from './photos/photo-galleries.js';
import { PhotoRemovalResolver } from './photos/photo-removal.resolver.js';
import { OwnPhotoResolver } from './photos/own-photo.resolver.js';
import { GuestIdentityResolver } from './guests/guest-identity.resolver.js';
import { HeartCountBroadcaster } from './hearts/heart-count.broadcaster.js';
import { HeartsResolver } from './hearts/hearts.resolver.js';
import { HeartsService } from './hearts/hearts.service.js';
import { GuestbookResolver } from './guestbook/guestbook.resolver.js';
import { GuestbookService } from './guestbook/guestbook.service.js';
import { OwnerOriginalResolver } from './photos/owner-original.resolver.js';
import { GuestCopies } from './guest-copies/guest-copies.js';
import { GuestCopySweep } from './guest-copies/guest-copy.sweep.js';
import { PendingGuestCopies } from './guest-copies/pending-guest-copies.js';
import { GuestCopyResponder } from './guest-copies/guest-copy.responder.js';
import { KeptPhotoFiles } from './storage/kept-photo-files.js';
import { MetadataStripper } from './guest-copies/metadata-stripper.js';
import { PhotoRemovalService } from './photos/photo-removal.service.js';
import { MediaConfig } from './config/media-config.js';
import { ChallengeRepository } from './challenges/challenge.repository.js';
import { EventModel } from './galleries/event.model.js';
import { EventResolver } from './gallery-entity/event.resolver.js';
import { PhotoAudience } from './photos/photo-audience.js';
import { PhotoReviewResolver } from './review/photo-review.resolver.js';
import { PhotoReviewService } from './review/photo-review.service.js';
import { GuestbookReviewResolver } from './review/guestbook-review.resolver.js';
import { GuestbookReviewService } from './review/guestbook-review.service.js';
import { RevealAnnouncer } from './galleries/reveal-announcer.js';

import { GalleryDirectory } from './galleries/gallery-directory.js';
import { GalleryReadModelConsumer } from './gallery-read-model/gallery-read-model.consumer.js';
import { GalleryEntity } from './galleries/gallery.entity.js';
import { MediaGalleryPins } from './galleries/gallery-pins.js';
import { GalleryRepository } from './galleries/gallery.repository.js';
import { ReadSnapshots } from './graphql/read-snapshots.js';
import { ImageProcessor } from './images/image-processor.js';
import { imageWorkConcurrency, ImageWorkQueue } from './images/image-work-queue.js';
import { GalleryPhotosResponder } from './photos/gallery-photos.responder.js';
import { PhotoFileController } from './photos/photo-file.controller.js';
import { PhotoPreviews, PREVIEW_BACKLOG } from './photos/photo-previews.js';
import { PhotoEntity } from './photos/photo.entity.js';
import { PhotoPresenter } from './photos/photo.presenter.js';
import { PhotoRepository } from './photos/photo.repository.js';
import { PhotoResolver } from './photos/photo.resolver.js';
import { PhotosService } from './photos/photos.service.js';
import { ObjectStorage } from './storage/object-storage.js';
import { StorageDeletions } from './storage/storage-deletions.js';
import { AbandonedUploadSweeper } from './uploads/abandoned-upload-sweeper.js';
import { MultipartUploads } from './uploads/multipart-uploads.service.js';
import { UploadConfirmationService } from './uploads/upload-confirmation.service.js';
import { UploadPartsResolver } from './uploads/upload-parts.resolver.js';
import { UploadSlotsService } from './uploads/upload-slots.service.js';
import { UploadEntity } from './uploads/upload.entity.js';
import { UploadRepository } from './uploads/upload.repository.js';
import { UploadsResolver } from './uploads/uploads.resolver.js';
import { VideoFrames } from './videos/video-frames.js';

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
          controllers: [PhotoFileController],
          providers: [
            {
              provide: ObjectStorage,
              useFactory: async () => {
                const storage = ObjectStorage.fromConfig(config.storage);
                await storage.prepare();
                return storage;
              },
            },
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
            { provide: VideoFrames, useFactory: () => VideoFrames.locate() },
            GuestIdentityResolver,
            OwnPhotoResolver,
            // exiftool must be on the machine: the service refuses to start without it, saying what to install.
            { provide: MetadataStripper, useFactory: () => MetadataStripper.locate() },
            GuestCopies,
            PendingGuestCopies,
            GuestCopyResponder,
            GuestCopySweep,
            { provide: KeptPhotoFiles, useFactory: () => new KeptPhotoFiles() },
            StorageDeletions,
            ChallengeRepository,
            { provide: ImageProcessor, useFactory: () => new ImageProcessor() },
            GalleryRepository,
            GalleryDirectory,
            GalleryReadModelConsumer,
            EventResolver,
            ReadSnapshots,
            PhotoAudience,
            RevealAnnouncer,
            PhotoRepository,
            PhotoPresenter,
            PhotoPreviews,
            PhotosService,
            PhotoResolver,
            UploadRepository,
            UploadSlotsService,
            UploadConfirmationService,
            UploadsResolver,
            MultipartUploads,
            UploadPartsResolver,
            AbandonedUploadSweeper,
            GalleryPhotosResponder,
            PhotoGalleries,
            // Which galleries have a PIN, from the read model: what the access check admits guests by.
            MediaGalleryPins,
            { provide: KnownGalleryPins, useExisting: MediaGalleryPins },
            PhotoRemovalService,
            PhotoRemovalResolver,
            PhotoReviewService,
            PhotoReviewResolver,
            GuestbookReviewService,
            GuestbookReviewResolver,
            OwnerOriginalResolver,
            HeartCountBroadcaster,
            HeartsService,
            HeartsResolver,
            GuestbookService,
            GuestbookResolver,
          ],
          exports: [EXTRA_HEALTH_CHECKS],
        }),
      ],
    };
  }
}
