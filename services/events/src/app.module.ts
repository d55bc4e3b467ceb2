import { GalleryPin1798500000000 } from './database/migrations/1798500000000-gallery-pin.migration.js';
import { OwnerDownloadsMetadata1798620000000 } from './database/migrations/1798620000000-owner-downloads-metadata.migration.js';
import { PhotoApproval1798610000000 } from './database/migrations/1798610000000-photo-approval.migration.js';
import { PinVersion1798641000000 } from './database/migrations/1798641000000-pin-version.migration.js';
import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { Request } from 'express';
import { DataSource } from 'typeorm';
import {
  ACCESS_DIRECTIVE,
  clientAddress,
  dataSourceOptions,
  EventBusModule,
  formatGraphQLError,
  refuseNulCharacters,
  GraphQLErrorFilter,
  guestIdentitiesUnder,
  guestIdentityHeader,
  HealthModule,
  Mailer,
  RateLimits,
  pinPassHeader,
} from '@gallery/platform';
import { EventsConfig } from './config/events-config.js';
import { ContactMailer } from './contact/contact-mailer.js';
import { ContactMessageEntity } from './contact/contact-message.entity.js';
import { ContactResolver } from './contact/contact.resolver.js';
import { ContactMessages1764300000000 } from './database/migrations/1764300000000-contact-messages.migration.js';
import { CreateEventsAndOrders1763900000000 } from './database/migrations/1763900000000-create-events-and-orders.migration.js';
import { AppliedPaymentsAndOrderLanguage1764100000000 } from './database/migrations/1764100000000-applied-payments-and-order-language.migration.js';
import { GuestDownloads1796000000001 } from './database/migrations/1796000000001-guest-downloads.migration.js';
import { OwnerSessions1797000000000 } from './database/migrations/1797000000000-owner-sessions.migration.js';
import { CustomDomains1798220000000 } from './database/migrations/1798220000000-custom-domains.migration.js';
import { CustomDomainEntity } from './domains/custom-domain.entity.js';
import { CustomDomainsModule } from './domains/custom-domains.module.js';
import { GalleryLanguage1798000000001 } from './database/migrations/1798000000001-gallery-language.migration.js';
import { StorageFromWeddingDay1798000000000 } from './database/migrations/1798000000000-storage-from-wedding-day.migration.js';
import { DownloadsModule } from './downloads/downloads.module.js';
import { EventEntity } from './galleries/event.entity.js';
import { GalleriesModule } from './galleries/galleries.module.js';
import type { GraphQLRequestContext } from './graphql/graphql-request-context.js';
import { OrderConfirmationConsumer } from './mail/order-confirmation.consumer.js';
import { PlanChangeMailConsumer } from './mail/plan-change-mail.consumer.js';
import { BackupStoppedMailConsumer } from './mail/backup-stopped-mail.consumer.js';
import { PinGuessingMailConsumer } from './mail/pin-guessing-mail.consumer.js';
import { GalleryFullMailConsumer } from './mail/gallery-full-mail.consumer.js';
import { OrderEntity } from './orders/order.entity.js';
import { OwnersModule } from './owners/owners.module.js';
import { PlanPaymentsConsumer } from './payments/plan-payments.consumer.js';
import { WallModule } from './wall/wall.module.js';
import { WallLinks1798300000000 } from './database/migrations/1798300000000-wall-links.migration.js';
import { PrivacySettings1798320000000 } from './database/migrations/1798320000000-privacy-settings.migration.js';
import { PhotoVisibility1798412000000 } from './database/migrations/1798412000000-photo-visibility.migration.js';
import { PrivacyModule } from './privacy/privacy.module.js';
import { PhotoChallenges1798400000000 } from './database/migrations/1798400000000-photo-challenges.migration.js';
import { ChallengesModule } from './challenges/challenges.module.js';

@Module({})
export class AppModule {
  static forRoot(config: EventsConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      providers: [
        { provide: EventsConfig, useValue: config },
        { provide: APP_FILTER, useClass: GraphQLErrorFilter },
        {
          provide: RateLimits,
          inject: [DataSource],
          // Guests' attempts are counted by their signed identity: the key is the one media signs them with.
          useFactory: (dataSource: DataSource) =>
            new RateLimits(dataSource, guestIdentitiesUnder(config.guestIdentityKey)),
        },
        // Null without SMTP_URL: OrderConfirmationConsumer then says it sends nothing.
        { provide: Mailer, useValue: config.mail && new Mailer(config.mail) },
        PlanPaymentsConsumer,
        OrderConfirmationConsumer,
        PlanChangeMailConsumer,
        BackupStoppedMailConsumer,
        PinGuessingMailConsumer,
        GalleryFullMailConsumer,
        ContactMailer,
        ContactResolver,
      ],
      exports: [EventsConfig, RateLimits, Mailer],
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.databaseUrl,
            entities: [EventEntity, OrderEntity, ContactMessageEntity, CustomDomainEntity],
            migrations: [
              CreateEventsAndOrders1763900000000,
              AppliedPaymentsAndOrderLanguage1764100000000,
              ContactMessages1764300000000,
              GuestDownloads1796000000001,
              OwnerSessions1797000000000,
              StorageFromWeddingDay1798000000000,
              GalleryLanguage1798000000001,
              CustomDomains1798220000000,
              WallLinks1798300000000,
              PrivacySettings1798320000000,
              PhotoChallenges1798400000000,
              PhotoVisibility1798412000000,
              GalleryPin1798500000000,
              OwnerDownloadsMetadata1798620000000,
              PhotoApproval1798610000000,
              PinVersion1798641000000,
            ],
          }),
        ),
        EventBusModule.forRoot({ natsUrl: config.natsUrl, clientName: 'events-service' }),
        GraphQLModule.forRoot<ApolloFederationDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          buildSchemaOptions: { directives: [ACCESS_DIRECTIVE] },
          graphiql: false,
          includeStacktraceInErrorResponses: false,
          // Traces only serve Apollo's hosted reporting, which this project does not use.
          plugins: [ApolloServerPluginInlineTraceDisabled(), refuseNulCharacters()],
          context: ({ req }: { req: Request }): GraphQLRequestContext => ({
            authorization: req.headers.authorization,
            pinPass: pinPassHeader(req.headers),
            client: clientAddress(req),
            guestIdentity: guestIdentityHeader(req.headers),
          }),
          formatError: (formatted, error) => formatGraphQLError(formatted, error),
        }),
        GalleriesModule,
        OwnersModule,
        DownloadsModule,
        PrivacyModule,
        WallModule,
        ChallengesModule,
        CustomDomainsModule,
        HealthModule,
      ],
    };
  }
}
