import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import {
  ACCESS_DIRECTIVE,
  accessCheckProviders,
  clientAddress,
  dataSourceOptions,
  EventBusModule,
  EXTRA_HEALTH_CHECKS,
  formatGraphQLError,
  refuseNulCharacters,
  GraphQLErrorFilter,
  guestIdentitiesUnder,
  guestIdentityHeader,
  HealthModule,
  KnownGalleryPins,
  KnownPinGuestAdmission,
  RateLimits,
  RemoteOwnerAuthority,
  type ExtraHealthChecks,
  pinPassHeader,
} from '@gallery/platform';
import { ArchiveBuilder } from './archives/archive-builder.js';
import { HeicJpegCopies } from './archives/heic-jpeg-copies.js';
import { ArchiveJobEntity } from './archives/archive-job.entity.js';
import { ArchiveJobsRepository } from './archives/archive-jobs.repository.js';
import { ArchiveStorage } from './archives/archive-storage.js';
import { ArchiveSweeper } from './archives/archive-sweeper.js';
import { ArchivesResolver } from './archives/archives.resolver.js';
import { ArchivesService } from './archives/archives.service.js';
import { PhotoChangesConsumer } from './archives/photo-changes.consumer.js';
import { GuestbookMessagesConsumer } from './archives/guestbook-messages.consumer.js';
import { GuestbookMessages1798405800000 } from './database/migrations/1798405800000-guestbook-messages.js';
import { OwnerDownloadChoices1798620000000 } from './database/migrations/1798620000000-owner-download-choices.js';
import { OwnerDownloadChoicesConsumer } from './archives/owner-download-choices.consumer.js';
import { GalleryPins1798650000000 } from './database/migrations/1798650000000-gallery-pins.js';
import { GalleryPinsConsumer } from './galleries/gallery-pins.consumer.js';
import { DownloadGalleryPins } from './galleries/gallery-pins.js';
import { ServiceRequests } from './archives/service-requests.js';
import { DownloadConfig } from './config/download-config.js';
import { ArchiveLayouts1796100000000 } from './database/migrations/1796100000000-archive-layouts.js';
import { CreateArchiveJobs1796000000000 } from './database/migrations/1796000000000-create-archive-jobs.js';
import { PurgedGalleries1796200000000 } from './database/migrations/1796200000000-purged-galleries.js';
import { JpegCopies1798100000000 } from './database/migrations/1798100000000-jpeg-copies.js';
import { GuestCopiesInZips1798405700000 } from './database/migrations/1798405700000-guest-copies-in-zips.js';
import { ArchiveBuilders1797100000000 } from './database/migrations/1797100000000-archive-builders.js';
import { BuilderLease } from './archives/builder-lease.js';
import type { GraphQLRequestContext } from './graphql/graphql-request-context.js';

@Module({})
export class AppModule {
  static forRoot(config: DownloadConfig): DynamicModule {
    return {
      module: AppModule,
      // Global, so the platform's health module sees the storage check provided here.
      global: true,
      exports: [EXTRA_HEALTH_CHECKS],
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.databaseUrl,
            entities: [ArchiveJobEntity],
            migrations: [
              CreateArchiveJobs1796000000000,
              ArchiveLayouts1796100000000,
              PurgedGalleries1796200000000,
              ArchiveBuilders1797100000000,
              JpegCopies1798100000000,
              GuestCopiesInZips1798405700000,
              GuestbookMessages1798405800000,
              OwnerDownloadChoices1798620000000,
              GalleryPins1798650000000,
            ],
          }),
        ),
        EventBusModule.forRoot({ natsUrl: config.natsUrl, clientName: 'download' }),
        GraphQLModule.forRoot<ApolloFederationDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          buildSchemaOptions: { directives: [ACCESS_DIRECTIVE] },
          graphiql: false,
          includeStacktraceInErrorResponses: false,
          context: ({ req }: { req: Request }): GraphQLRequestContext => ({
            authorization: req.headers.authorization,
            pinPass: pinPassHeader(req.headers),
            client: clientAddress(req),
            guestIdentity: guestIdentityHeader(req.headers),
          }),
          // Traces only serve Apollo's hosted reporting, which this project does not use.
          plugins: [ApolloServerPluginInlineTraceDisabled(), refuseNulCharacters()],
          formatError: (formatted, error) => formatGraphQLError(formatted, error),
        }),
        HealthModule,
      ],
      providers: [
        { provide: DownloadConfig, useValue: config },
        { provide: APP_FILTER, useClass: GraphQLErrorFilter },
        {
          provide: ArchiveStorage,
          useFactory: async () => {
            const storage = ArchiveStorage.fromConfig(config.storage);
            await storage.prepare();
            return storage;
          },
        },
        {
          provide: EXTRA_HEALTH_CHECKS,
          inject: [ArchiveStorage],
          useFactory: (storage: ArchiveStorage): ExtraHealthChecks => ({ storage: storage.healthCheck() }),
        },
        {
          provide: RateLimits,
          inject: [DataSource],
          // Guests' zip requests are counted by their signed identity: the key is the one media signs them with.
          useFactory: (db: DataSource) => new RateLimits(db, guestIdentitiesUnder(config.guestIdentityKey)),
        },
        ServiceRequests,
        // Every operation's access check; ownership asked of events, a PIN only when the gallery has one.
        DownloadGalleryPins,
        { provide: KnownGalleryPins, useExisting: DownloadGalleryPins },
        ...accessCheckProviders(RemoteOwnerAuthority, KnownPinGuestAdmission),
        ArchiveJobsRepository,
        BuilderLease,
        ArchiveBuilder,
        HeicJpegCopies,
        ArchivesService,
        ArchivesResolver,
        PhotoChangesConsumer,
        GuestbookMessagesConsumer,
        OwnerDownloadChoicesConsumer,
        GalleryPinsConsumer,
        ArchiveSweeper,
      ],
    };
  }
}
