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
  accessCheckProviders,
  clientAddress,
  dataSourceOptions,
  EventBusModule,
  formatGraphQLError,
  refuseNulCharacters,
  GraphQLErrorFilter,
  HealthModule,
  Mailer,
  RateLimits,
  RemoteOwnerAuthority,
} from '@gallery/platform';
import { BundleCheckoutEntity } from './bundles/bundle-checkout.entity.js';
import { BundleCheckoutsService } from './bundles/bundle-checkouts.service.js';
import { BundleMailConsumer } from './bundles/bundle-mail.consumer.js';
import { BundlePurchaseEntity } from './bundles/bundle-purchase.entity.js';
import { BundlesResolver } from './bundles/bundles.resolver.js';
import { CreditEntity } from './bundles/credit.entity.js';
import { CreditsService } from './bundles/credits.service.js';
import { CheckoutEntity } from './checkouts/checkout.entity.js';
import { CheckoutsResolver } from './checkouts/checkouts.resolver.js';
import { CheckoutsService } from './checkouts/checkouts.service.js';
import { BillingConfig } from './config/billing-config.js';
import { CreateBillingTables1764000000000 } from './database/migrations/1764000000000-create-billing-tables.migration.js';
import { KeepPaymentsWithoutGallery1795392000001 } from './database/migrations/1795392000001-keep-payments-without-gallery.migration.js';
import { CreateBundleTables1796000000000 } from './database/migrations/1796000000000-create-bundle-tables.migration.js';
import type { GraphQLRequestContext } from './graphql/graphql-request-context.js';
import { GalleryPurgeConsumer } from './galleries/gallery-purge.consumer.js';
import { BillingMailConsumer } from './mail/billing-mail.consumer.js';
import { SessionOwner } from './owners/session-owner.js';
import { EventModel } from './payments/event.model.js';
import { PaymentEntity } from './payments/payment.entity.js';
import { PaymentsService } from './payments/payments.service.js';
import { RefundsResolver } from './payments/refunds.resolver.js';
import { StripeWebhookController } from './payments/stripe-webhook.controller.js';
import { createStripe, STRIPE } from './stripe/stripe-client.js';

@Module({})
export class AppModule {
  static forRoot(config: BillingConfig): DynamicModule {
    return {
      module: AppModule,
      global: true,
      controllers: [StripeWebhookController],
      providers: [
        { provide: BillingConfig, useValue: config },
        { provide: APP_FILTER, useClass: GraphQLErrorFilter },
        {
          provide: RateLimits,
          inject: [DataSource],
          useFactory: (dataSource: DataSource) => new RateLimits(dataSource),
        },
        { provide: STRIPE, useFactory: () => createStripe(config) },
        { provide: Mailer, useFactory: () => new Mailer({ smtpUrl: config.smtpUrl, from: config.mailFrom }) },
        // Every operation's access check; ownership asked of events.
        ...accessCheckProviders(RemoteOwnerAuthority),
        PaymentsService,
        CheckoutsService,
        CheckoutsResolver,
        RefundsResolver,
        BillingMailConsumer,
        GalleryPurgeConsumer,
        SessionOwner,
        BundleCheckoutsService,
        CreditsService,
        BundlesResolver,
        BundleMailConsumer,
      ],
      exports: [BillingConfig, RateLimits],
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.databaseUrl,
            entities: [
              CheckoutEntity,
              PaymentEntity,
              BundleCheckoutEntity,
              BundlePurchaseEntity,
              CreditEntity,
            ],
            migrations: [
              CreateBillingTables1764000000000,
              KeepPaymentsWithoutGallery1795392000001,
              CreateBundleTables1796000000000,
            ],
          }),
        ),
        EventBusModule.forRoot({ natsUrl: config.natsUrl, clientName: 'billing-service' }),
        GraphQLModule.forRoot<ApolloFederationDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          graphiql: false,
          // Event is reached only through the gateway's entity references, never from billing's own root fields.
          buildSchemaOptions: { orphanedTypes: [EventModel], directives: [ACCESS_DIRECTIVE] },
          includeStacktraceInErrorResponses: false,
          // Traces only serve Apollo's hosted reporting, which this project does not use.
          plugins: [ApolloServerPluginInlineTraceDisabled(), refuseNulCharacters()],
          context: ({ req }: { req: Request }): GraphQLRequestContext => ({
            authorization: req.headers.authorization,
            client: clientAddress(req),
            acceptLanguage: req.headers['accept-language'],
          }),
          formatError: (formatted, error) => formatGraphQLError(formatted, error),
        }),
        HealthModule,
      ],
    };
  }
}
