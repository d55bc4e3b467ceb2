/**
 * The events service's test harness: one start-up for every events test file. It starts PostgreSQL and NATS (and
 * a mail catcher when asked), a bus to listen and publish on, the events app (or several replicas of it) on a fresh
 * database, and holds the helpers the files used to write again: a GraphQL call as the gateway forwards it, a
 * domain event published as the outbox relay publishes it, and a gallery ordered through createGallery.
 *
 *   let events: EventsHarness;
 *   beforeAll(async () => {
 *     events = await startEvents({ busName: 'events-something-test' });
 *   });
 *   afterAll(() => events?.stop());
 */
import { randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import type { INestApplication, LogLevel } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { PIN_PASS_HEADER, type DomainEvent } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, EventBus, GUEST_IDENTITY_HEADER } from '@gallery/platform';
import {
  publishAsRelay,
  startTestMailCatcher,
  startTestNats,
  startTestPostgres,
  type TestMailCatcher,
  type TestNats,
  type TestPostgres,
} from '@gallery/testing';
import { createApp } from '../src/create-app.js';
import { EventsConfig } from '../src/config/events-config.js';

export const HOUR = 60 * 60 * 1000;

export interface GraphQLBody<Data> {
  data?: Data | null;
  errors?: { message: string; extensions: Record<string, unknown> }[];
}

type ConfigValues = ConstructorParameters<typeof EventsConfig>[0];
type Settings = Partial<Omit<ConfigValues, 'host' | 'port' | 'databaseUrl' | 'natsUrl'>>;

/**
 * Who calls, as the gateway forwards it: a string is the couple's owner token. Each call comes from a client
 * address of its own unless `client` is given, and goes to the first app unless `replica` names another.
 */
export type Caller =
  string | { token?: string; pass?: string; guestIdentity?: string; client?: string; replica?: number };

export interface EventsHarnessOptions {
  /** The name the harness's bus connects to NATS with, one per test file. */
  busName: string;
  /** Starts a mail catcher and sends events' mail to it (no mail is sent otherwise). */
  mail?: boolean;
  /** Settings of events' own over the harness's (gallery endings looked at hourly, so tests run them). */
  config?: Settings;
  /**
   * How many events apps share the database (one unless told), or one entry per app with settings of its own
   * over `config` (the same database, another mail server).
   */
  replicas?: number | Settings[];
  /** Starts the replicas at the same moment, as a rollout does, instead of one after the other. */
  together?: boolean;
  /** Called with the harness's bus before any app starts: to hear what the apps publish as they start. */
  beforeStart?: (bus: EventBus) => void | Promise<void>;
  /** What the apps log. */
  logger?: LogLevel[];
}

/** What the couple's order form sends, for a gallery whose details play no part. */
export interface OrderInput {
  coupleNames?: string;
  weddingDate?: string;
  location?: string;
  email?: string;
  phone?: string;
  plan?: 'FREE' | 'STANDARD' | 'PREMIUM';
  language?: string;
}

export interface EventsHarness {
  readonly postgres: TestPostgres;
  readonly nats: TestNats;
  /** The mail catcher, when the options asked for one. */
  readonly mail: TestMailCatcher | undefined;
  /** The settings of the first app. */
  readonly config: EventsConfig;
  /** The first app. */
  readonly app: INestApplication;
  /** Every app started: `app` first. */
  readonly apps: INestApplication[];
  /** The first app's database. */
  readonly db: DataSource;
  readonly bus: EventBus;
  /** A GraphQL request as the gateway forwards it: its whole HTTP response. */
  post(query: string, variables?: object, caller?: Caller): Promise<request.Response>;
  /** A GraphQL request as the gateway forwards it: its body. */
  graphql<Data = Record<string, unknown>>(
    query: string,
    variables?: object,
    caller?: Caller,
    client?: string,
  ): Promise<GraphQLBody<Data>>;
  /** Publishes a domain event as the outbox relay does (sent again, same id, while JetStream does not answer). */
  publish(event: DomainEvent): Promise<void>;
  /** Orders a gallery as the order form does (a Free one in Lyon unless told) and expects no error. */
  orderGallery(input?: OrderInput): Promise<{ code: string; ownerToken: string }>;
  /**
   * Closes every app, runs `whileDown` (a payment published while the service is down), and starts the apps
   * again on the same database; `app`, `apps` and `db` then name the new ones.
   */
  restart(whileDown?: () => Promise<void>): Promise<void>;
  stop(): Promise<void>;
}

const CREATE = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code } ownerToken }
}`;

/** Starts the servers, the bus and the events apps; the caller stops them in afterAll. */
export async function startEvents(options: EventsHarnessOptions): Promise<EventsHarness> {
  const stops: (() => Promise<unknown>)[] = [];
  const apps: INestApplication[] = [];
  const closeApps = async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  };
  const stop = async () => {
    for (const step of stops.reverse().splice(0)) await step();
  };
  try {
    const [postgres, nats, mail] = await Promise.all([
      startTestPostgres(),
      startTestNats(),
      options.mail ? startTestMailCatcher() : undefined,
    ]);
    stops.push(
      () => postgres.stop(),
      () => nats.stop(),
    );
    if (mail) stops.push(() => mail.stop());
    const databaseUrl = await postgres.createDatabase();
    const replicas = options.replicas ?? 1;
    const configs = (
      typeof replicas === 'number' ? Array.from({ length: replicas }, () => ({})) : replicas
    ).map(
      (own) =>
        new EventsConfig({
          host: '127.0.0.1',
          port: 0,
          databaseUrl,
          natsUrl: nats.url,
          publicUrl: 'https://gallery.test',
          mail: mail ? { smtpUrl: mail.smtpUrl, from: 'Wedding Gallery <hello@gallery.test>' } : null,
          galleryEndingsIntervalMs: HOUR,
          ...options.config,
          ...own,
        }),
    );
    const bus = await EventBus.connect(nats.url, options.busName);
    stops.push(() => bus.close());
    stops.push(closeApps);
    await options.beforeStart?.(bus);
    const logger = options.logger ?? ['error', 'warn'];
    const startApps = async () => {
      if (options.together) {
        // Every start is awaited, so none is left running when one fails.
        const started = await Promise.allSettled(configs.map((config) => createApp(config, { logger })));
        for (const result of started) if (result.status === 'fulfilled') apps.push(result.value);
        const failed = started.find((result) => result.status === 'rejected');
        if (failed) throw failed.reason;
      } else {
        for (const config of configs) apps.push(await createApp(config, { logger }));
      }
    };
    await startApps();

    const post = (query: string, variables: object = {}, caller: Caller = {}, client?: string) => {
      const who = typeof caller === 'string' ? { token: caller } : caller;
      const call = request(apps[(typeof caller === 'string' ? 0 : caller.replica) ?? 0].getHttpServer())
        .post('/graphql')
        .set(CLIENT_ADDRESS_HEADER, client ?? who.client ?? `client-${randomUUID()}`)
        .send({ query, variables });
      if (who.token) call.set('Authorization', `Bearer ${who.token}`);
      if (who.pass) call.set(PIN_PASS_HEADER, who.pass);
      if (who.guestIdentity) call.set(GUEST_IDENTITY_HEADER, who.guestIdentity);
      return call;
    };
    const graphql = async <Data = Record<string, unknown>>(
      query: string,
      variables: object = {},
      caller?: Caller,
      client?: string,
    ): Promise<GraphQLBody<Data>> => (await post(query, variables, caller, client)).body as GraphQLBody<Data>;

    return {
      postgres,
      nats,
      mail,
      config: configs[0],
      get app() {
        return apps[0];
      },
      get apps() {
        return [...apps];
      },
      get db() {
        return apps[0].get(DataSource);
      },
      bus,
      post: (query, variables, caller) => post(query, variables, caller),
      graphql,
      publish: (event) => publishAsRelay(bus, event),
      async orderGallery(input = {}) {
        const body = await graphql<{ createGallery: { event: { code: string }; ownerToken: string } }>(
          CREATE,
          {
            input: {
              coupleNames: 'Sarah & Mike',
              weddingDate: '2027-06-12',
              location: 'Lyon, France',
              email: `${randomUUID()}@example.com`,
              phone: '+33 6 12 34 56 78',
              plan: 'FREE',
              ...input,
            },
          },
        );
        expect(body.errors).toBeUndefined();
        return { code: body.data!.createGallery.event.code, ownerToken: body.data!.createGallery.ownerToken };
      },
      async restart(whileDown) {
        await closeApps();
        await whileDown?.();
        await startApps();
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
