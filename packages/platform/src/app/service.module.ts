import { ApolloServerPluginInlineTraceDisabled } from '@apollo/server/plugin/disabled';
import { ApolloFederationDriver, type ApolloFederationDriverConfig } from '@nestjs/apollo';
import { Module, type DynamicModule, type ModuleMetadata, type Provider, type Type } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { GraphQLModule } from '@nestjs/graphql';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { EntitySchema } from 'typeorm';
import { DataSource } from 'typeorm';
import { ACCESS_DIRECTIVE } from '../access/access-marks.js';
import { accessCheckProviders } from '../access/access.guard.js';
import type { GuestAdmission } from '../access/guest-admission.js';
import { OwnerAuthority } from '../access/owner-authority.js';
import { dataSourceOptions } from '../database/data-source-options.js';
import { EventBusModule } from '../events/event-bus.module.js';
import { formatGraphQLError } from '../graphql/app-error.js';
import { GraphQLErrorFilter } from '../graphql/graphql-error.filter.js';
import { graphQLRequestContext } from '../graphql/graphql-request-context.js';
import { refuseNulCharacters } from '../graphql/refuse-nul-characters.js';
import { GuestIdentities, guestIdentitiesUnder } from '../guests/guest-identity.js';
import { HealthModule } from '../health/health.module.js';
import { RateLimits } from '../limits/rate-limits.js';

// eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
type Classes = (Function | string | EntitySchema)[];

/** What every service's configuration holds for the skeleton; the object itself is provided under its class. */
export interface ServiceConnections {
  databaseUrl: string;
  natsUrl: string;
  /** The key guest identities are signed with (media's); a random one for the app when absent (tests). */
  guestIdentityKey?: string;
}

export interface ServiceModuleOptions<Config extends ServiceConnections> {
  /** The name of the service's NATS connection, as NATS lists it. */
  natsClientName: string;
  /**
   * The queue group its replicas share to answer service requests (@AnswersRequest handlers): each request is
   * answered by one replica. `natsClientName` when absent.
   */
  requestQueue?: string;
  /** The service's configuration, provided (and exported) under its class, e.g. MediaConfig. */
  config: Config;
  /** The service's own tables and migrations; the platform's (outbox, processed events, rate limits) are added. */
  entities: Classes;
  migrations: Classes;
  /** How often the outbox relay looks for rows no kick published (EventBusModule's 500 ms when absent). */
  relayPollIntervalMs?: number;
  /**
   * The access check of every operation: who decides whether a token is a gallery's owner (RemoteOwnerAuthority,
   * asking events, everywhere but in events) and whether a guest may reach a gallery with a PIN
   * (RemoteGuestAdmission when absent). Omitted only where a feature module provides the check itself (events,
   * whose galleries module holds the credentials).
   */
  access?: { owners: Type<OwnerAuthority>; guests?: Type<GuestAdmission> };
  /**
   * Guests' attempts counted by their signed identity (GuestIdentities under `config.guestIdentityKey`, provided
   * and exported) rather than by address alone.
   */
  guestIdentities?: boolean;
  /** Types reached only through the gateway's entity references, never from the subgraph's own root fields. */
  orphanedTypes?: Type[];
  /** The service's feature modules. */
  imports?: ModuleMetadata['imports'];
  controllers?: ModuleMetadata['controllers'];
  /** What is the service's own and shared by its features (its storage, its mailer). */
  providers?: Provider[];
  exports?: ModuleMetadata['exports'];
}

/**
 * The one shape of a service: Apollo federation 2 (the access directive, no inline traces, no GraphiQL, NUL
 * characters refused, errors from the catalogue, one request context), TypeORM on the service's database, the
 * event bus (NATS and the outbox relay), /health, the GraphQL error filter, rate limits and the access check.
 * Global, so every feature module sees the configuration, RateLimits and what `exports` lists. A service's
 * AppModule passes its configuration and lists its feature modules.
 */
@Module({})
export class ServiceModule {
  static forRoot<Config extends ServiceConnections>(options: ServiceModuleOptions<Config>): DynamicModule {
    const { config } = options;
    const configClass = config.constructor as Type<Config>;
    const guestIdentities: Provider[] = options.guestIdentities
      ? [{ provide: GuestIdentities, useFactory: () => guestIdentitiesUnder(config.guestIdentityKey) }]
      : [];
    return {
      module: ServiceModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot(
          dataSourceOptions({
            url: config.databaseUrl,
            entities: options.entities,
            migrations: options.migrations,
          }),
        ),
        EventBusModule.forRoot({
          natsUrl: config.natsUrl,
          clientName: options.natsClientName,
          requestQueue: options.requestQueue ?? options.natsClientName,
          relayPollIntervalMs: options.relayPollIntervalMs,
        }),
        GraphQLModule.forRoot<ApolloFederationDriverConfig>({
          driver: ApolloFederationDriver,
          autoSchemaFile: { federation: 2 },
          buildSchemaOptions: {
            ...(options.orphanedTypes ? { orphanedTypes: options.orphanedTypes } : {}),
            directives: [ACCESS_DIRECTIVE],
          },
          graphiql: false,
          includeStacktraceInErrorResponses: false,
          // Traces only serve Apollo's hosted reporting, which this project does not use.
          plugins: [ApolloServerPluginInlineTraceDisabled(), refuseNulCharacters()],
          context: graphQLRequestContext,
          formatError: (formatted, error) => formatGraphQLError(formatted, error),
        }),
        HealthModule,
        ...(options.imports ?? []),
      ],
      controllers: options.controllers ?? [],
      providers: [
        { provide: configClass, useValue: config },
        { provide: APP_FILTER, useClass: GraphQLErrorFilter },
        ...guestIdentities,
        options.guestIdentities
          ? {
              provide: RateLimits,
              inject: [DataSource, GuestIdentities],
              useFactory: (db: DataSource, identities: GuestIdentities) => new RateLimits(db, identities),
            }
          : { provide: RateLimits, inject: [DataSource], useFactory: (db: DataSource) => new RateLimits(db) },
        ...(options.access ? accessCheckProviders(options.access.owners, options.access.guests) : []),
        ...(options.providers ?? []),
      ],
      exports: [
        configClass,
        RateLimits,
        ...(options.guestIdentities ? [GuestIdentities] : []),
        // What a resolver or controller that checks ownership itself asks (billing's refunds, media's photo files).
        ...(options.access ? [OwnerAuthority] : []),
        ...(options.exports ?? []),
      ],
    };
  }
}
