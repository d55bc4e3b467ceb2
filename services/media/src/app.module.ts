import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request, Response } from 'express';
import { DataSource } from 'typeorm';
import {
  ACCESS_DIRECTIVE,
  accessCheckProviders,
  KnownGalleryPins,
  KnownPinGuestAdmission,
  clientAddress,
  dataSourceOptions,
  EventBusModule,
  formatGraphQLError,
  refuseNulCharacters,
  GuestIdentities,
  guestIdentityHeader,
  guestIdentitiesUnder,
  EXTRA_HEALTH_CHECKS,
  GraphQLErrorFilter,
  HealthModule,
  RateLimits,
  RemoteOwnerAuthority,
  type ExtraHealthChecks,
  pinPassHeader,
} from '@gallery/platform';
import { PhotoGalleries } from './photos/photo-galleries.js';
import { PhotoRemovalResolver } from './photos/photo-removal.resolver.js';
import { OwnPhotoResolver } from './photos/own-photo.resolver.js';
import { GuestIdentityResolver } from './guests/guest-identity.resolver.js';
import { UploaderIdentity1798404600000 } from './database/migrations/1798404600000-uploader-identity.js';
import { Hearts1798404700000 } from './database/migrations/1798404700000-hearts.js';
import { HeartCountBroadcaster } from './hearts/heart-count.broadcaster.js';
import { HeartsResolver } from './hearts/hearts.resolver.js';
import { HeartsService } from './hearts/hearts.service.js';
import { Guestbook1798404800000 } from './database/migrations/1798404800000-guestbook.js';
import { UploadPutOnce1798680000000 } from './database/migrations/1798680000000-upload-put-once.js';
import { GalleryFullAnnounced1798700000000 } from './database/migrations/1798700000000-gallery-full-announced.js';
import { GuestbookResolver } from './guestbook/guestbook.resolver.js';
import { GuestbookService } from './guestbook/guestbook.service.js';
import { PhotoVisibility1798412000000 } from './database/migrations/1798412000000-photo-visibility.js';
import { OwnerDownloadsMetadata1798620000000 } from './database/migrations/1798620000000-owner-downloads-metadata.js';
import { PhotoApproval1798610000000 } from './database/migrations/1798610000000-photo-approval.js';
import { GalleryPins1798641000001 } from './database/migrations/1798641000001-gallery-pins.js';
import { GuestbookApproval1798642000000 } from './database/migrations/1798642000000-guestbook-approval.js';
import { OwnerOriginalResolver } from './photos/owner-original.resolver.js';
import { GuestCopies } from './guest-copies/guest-copies.js';
import { GuestCopySweep } from './guest-copies/guest-copy.sweep.js';
import { PendingGuestCopies } from './guest-copies/pending-guest-copies.js';
import { GuestCopyResponder } from './guest-copies/guest-copy.responder.js';
import { KeptPhotoFiles } from './storage/kept-photo-files.js';
import { MetadataStripper } from './guest-copies/metadata-stripper.js';
import { GuestCopies1798404533193 } from './database/migrations/1798404533193-guest-copies.js';
import { PhotoRemovalService } from './photos/photo-removal.service.js';
import { MediaConfig } from './config/media-config.js';
import { CreateMediaTables1763900000000 } from './database/migrations/1763900000000-create-media-tables.js';
import { SweepAbandonedUploads1795377600000 } from './database/migrations/1795377600000-sweep-abandoned-uploads.js';
import { StageUploadsAndQueueDeletions1795500000000 } from './database/migrations/1795500000000-stage-uploads-and-queue-deletions.js';
import { RefundedGalleriesReadOnly1795700000000 } from './database/migrations/1795700000000-refunded-galleries-read-only.js';
import { AddGuestNames1795800000000 } from './database/migrations/1795800000000-add-guest-names.js';
import { PreviewsAfterCommit1796000000000 } from './database/migrations/1796000000000-previews-after-commit.js';
import { MultipartUploads1796240000000 } from './database/migrations/1796240000000-multipart-uploads.js';
import { PrivacySettings1796320000000 } from './database/migrations/1796320000000-privacy-settings.js';
import { PhotoChallenges1796400000000 } from './database/migrations/1796400000000-photo-challenges.js';
import { ChallengeRepository } from './challenges/challenge.repository.js';
import { AddVideos1795620000000 } from './database/migrations/1795620000000-add-videos.js';
import { EventModel } from './galleries/event.model.js';
import { EventResolver } from './galleries/event.resolver.js';
import { PhotoAudience } from './photos/photo-audience.js';
import { PhotoReviewResolver } from './review/photo-review.resolver.js';
import { PhotoReviewService } from './review/photo-review.service.js';
import { GuestbookReviewResolver } from './review/guestbook-review.resolver.js';
import { GuestbookReviewService } from './review/guestbook-review.service.js';
import { RevealAnnouncer } from './galleries/reveal-announcer.js';

import { GalleryDirectory } from './galleries/gallery-directory.js';
import { GalleryReadModelConsumer } from './galleries/gallery-read-model.consumer.js';
import { GalleryEntity } from './galleries/gallery.entity.js';
import { MediaGalleryPins } from './galleries/gallery-pins.js';
import { GalleryRepository } from './galleries/gallery.repository.js';
import type { GraphQLRequestContext } from './graphql/graphql-request-context.js';
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
      // Global, so the platform's health module sees the storage check provided here.
      global: true,
      exports: [EXTRA_HEALTH_CHECKS],
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.databaseUrl,
            entities: [GalleryEntity, UploadEntity, PhotoEntity],
            migrations: [
              CreateMediaTables1763900000000,
              SweepAbandonedUploads1795377600000,
              StageUploadsAndQueueDeletions1795500000000,
              AddVideos1795620000000,
              RefundedGalleriesReadOnly1795700000000,
              AddGuestNames1795800000000,
              PreviewsAfterCommit1796000000000,
              MultipartUploads1796240000000,
              PrivacySettings1796320000000,
              PhotoChallenges1796400000000,
              GuestCopies1798404533193,
              UploaderIdentity1798404600000,
              Hearts1798404700000,
              Guestbook1798404800000,
              PhotoVisibility1798412000000,
              OwnerDownloadsMetadata1798620000000,
              PhotoApproval1798610000000,
              GalleryPins1798641000001,
              GuestbookApproval1798642000000,
              UploadPutOnce1798680000000,
              GalleryFullAnnounced1798700000000,
            ],
          }),
        ),
        EventBusModule.forRoot({
          natsUrl: config.natsUrl,
          clientName: 'media',
          relayPollIntervalMs: MEDIA_RELAY_POLL_MS,
        }),
        GraphQLModule.forRoot<ApolloFederationDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          // Event is reached only through _entities (no root field of ours returns it): list it explicitly.
          buildSchemaOptions: { orphanedTypes: [EventModel], directives: [ACCESS_DIRECTIVE] },
          includeStacktraceInErrorResponses: false,
          context: ({ req, res }: { req: Request; res: Response }): GraphQLRequestContext => ({
            client: clientAddress(req),
            authorization: req.headers.authorization,
            pinPass: pinPassHeader(req.headers),
            guestIdentity: guestIdentityHeader(req.headers),
            // Sent or cut off: either way the request is over.
            whenAnswered: (done) => void res.once('close', done),
          }),
          // Traces only serve Apollo's hosted reporting, which this project does not use.
          plugins: [ApolloServerPluginInlineTraceDisabled(), refuseNulCharacters()],
          formatError: (formatted, error) => formatGraphQLError(formatted, error),
        }),
        HealthModule,
      ],
      controllers: [PhotoFileController],
      providers: [
        { provide: MediaConfig, useValue: config },
        { provide: APP_FILTER, useClass: GraphQLErrorFilter },
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
          provide: RateLimits,
          inject: [DataSource, GuestIdentities],
          useFactory: (db: DataSource, identities: GuestIdentities) => new RateLimits(db, identities),
        },
        {
          provide: ImageWorkQueue,
          // Past the previews that keep their original in memory, a waiting preview would read it again.
          useFactory: () => new ImageWorkQueue(imageWorkConcurrency(), PREVIEW_BACKLOG),
        },
        { provide: VideoFrames, useFactory: () => VideoFrames.locate() },
        {
          provide: GuestIdentities,
          useFactory: () => guestIdentitiesUnder(config.guestIdentityKey),
        },
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
        // Every operation's access check: ownership asked of events; guests of a gallery without a PIN admitted
        // from the read model, those of one with a PIN asked of events (a yes remembered a few minutes).
        MediaGalleryPins,
        { provide: KnownGalleryPins, useExisting: MediaGalleryPins },
        ...accessCheckProviders(RemoteOwnerAuthority, KnownPinGuestAdmission),
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
    };
  }
}
