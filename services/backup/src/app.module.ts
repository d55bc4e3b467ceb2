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
  HealthModule,
  RateLimits,
  RemoteOwnerAuthority,
  type ExtraHealthChecks,
} from '@gallery/platform';
import { BackupExpiry } from './backups/backup-expiry.js';
import { BackupRepository } from './backups/backup-repository.js';
import { BackupWorker } from './backups/backup-worker.js';
import { BackupsResolver } from './backups/backups.resolver.js';
import { BackupsService } from './backups/backups.service.js';
import { GalleryChangesConsumer } from './backups/gallery-changes.consumer.js';
import { OriginalsStorage } from './backups/originals-storage.js';
import { ServiceRequests } from './backups/service-requests.js';
import { BackupConfig } from './config/backup-config.js';
import { CreateBackups1795704407460 } from './database/migrations/1795704407460-create-backups.migration.js';
import { DuePerDestination1799100000000 } from './database/migrations/1799100000000-due-per-destination.migration.js';
import { OAuthDrives1798800000000 } from './database/migrations/1798800000000-oauth-drives.migration.js';
import { OwnerMetadataChoices1798643000000 } from './database/migrations/1798643000000-owner-metadata-choices.migration.js';
import { BackupDrives } from './destinations/backup-drives.js';
import { OAuthCallbackController } from './oauth/oauth-callback.controller.js';
import type { GraphQLRequestContext } from './graphql/graphql-request-context.js';

@Module({})
export class AppModule {
  static forRoot(config: BackupConfig): DynamicModule {
    return {
      module: AppModule,
      // Global, so the platform's health module sees the storage check provided here.
      global: true,
      exports: [EXTRA_HEALTH_CHECKS],
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.databaseUrl,
            entities: [],
            migrations: [
              CreateBackups1795704407460,
              OAuthDrives1798800000000,
              OwnerMetadataChoices1798643000000,
              DuePerDestination1799100000000,
            ],
          }),
        ),
        EventBusModule.forRoot({ natsUrl: config.natsUrl, clientName: 'backup' }),
        GraphQLModule.forRoot<ApolloFederationDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          buildSchemaOptions: { directives: [ACCESS_DIRECTIVE] },
          graphiql: false,
          includeStacktraceInErrorResponses: false,
          context: ({ req }: { req: Request }): GraphQLRequestContext => ({
            authorization: req.headers.authorization,
            client: clientAddress(req),
          }),
          // Traces only serve Apollo's hosted reporting, which this project does not use.
          plugins: [ApolloServerPluginInlineTraceDisabled(), refuseNulCharacters()],
          formatError: (formatted, error) => formatGraphQLError(formatted, error),
        }),
        HealthModule,
      ],
      controllers: [OAuthCallbackController],
      providers: [
        { provide: BackupConfig, useValue: config },
        { provide: APP_FILTER, useClass: GraphQLErrorFilter },
        { provide: OriginalsStorage, useFactory: () => OriginalsStorage.fromConfig(config.storage) },
        {
          provide: EXTRA_HEALTH_CHECKS,
          inject: [OriginalsStorage],
          useFactory: (storage: OriginalsStorage): ExtraHealthChecks => ({ storage: storage.healthCheck() }),
        },
        { provide: RateLimits, inject: [DataSource], useFactory: (db: DataSource) => new RateLimits(db) },
        ServiceRequests,
        // Every operation's access check; ownership asked of events.
        ...accessCheckProviders(RemoteOwnerAuthority),
        BackupRepository,
        BackupDrives,
        BackupWorker,
        BackupsService,
        BackupsResolver,
        GalleryChangesConsumer,
        BackupExpiry,
      ],
    };
  }
}
