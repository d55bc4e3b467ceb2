/**
 * The events service's test harness: one start-up for the events test files. It starts PostgreSQL and NATS (and
 * a mail catcher when asked), the events app on a fresh database, a bus to listen and publish on, and holds the
 * helpers the files used to write again: a GraphQL call as the gateway forwards it and a gallery ordered through
 * createGallery.
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
import { CLIENT_ADDRESS_HEADER, EventBus } from '@gallery/platform';
import {
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

export interface EventsHarnessOptions {
  /** The name the harness's bus connects to NATS with, one per test file. */
  busName: string;
  /** Starts a mail catcher and sends events' mail to it (no mail is sent otherwise). */
  mail?: boolean;
  /** Settings of events' own over the harness's (gallery endings looked at hourly, so tests run them). */
  config?: Partial<Omit<ConfigValues, 'host' | 'port' | 'databaseUrl' | 'natsUrl'>>;
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
  readonly config: EventsConfig;
  readonly app: INestApplication;
  readonly db: DataSource;
  readonly bus: EventBus;
  /** A GraphQL request as the gateway forwards it, from a client address of its own unless told: its body. */
  graphql<Data = Record<string, unknown>>(
    query: string,
    variables?: object,
    token?: string,
    client?: string,
  ): Promise<GraphQLBody<Data>>;
  /** Orders a gallery as the order form does (a Free one in Lyon unless told) and expects no error. */
  orderGallery(input?: OrderInput): Promise<{ code: string; ownerToken: string }>;
  stop(): Promise<void>;
}

const CREATE = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code } ownerToken }
}`;

/** Starts the servers and the events app; the caller stops them in afterAll. */
export async function startEvents(options: EventsHarnessOptions): Promise<EventsHarness> {
  const stops: (() => Promise<unknown>)[] = [];
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
    const config = new EventsConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: await postgres.createDatabase(),
      natsUrl: nats.url,
      publicUrl: 'https://gallery.test',
      mail: mail ? { smtpUrl: mail.smtpUrl, from: 'Wedding Gallery <hello@gallery.test>' } : null,
      galleryEndingsIntervalMs: HOUR,
      ...options.config,
    });
    const app = await createApp(config, { logger: options.logger ?? ['error', 'warn'] });
    stops.push(() => app.close());
    const bus = await EventBus.connect(nats.url, options.busName);
    stops.push(() => bus.close());

    const graphql = async <Data = Record<string, unknown>>(
      query: string,
      variables: object = {},
      token?: string,
      client = `client-${randomUUID()}`,
    ): Promise<GraphQLBody<Data>> => {
      const call = request(app.getHttpServer())
        .post('/graphql')
        .set(CLIENT_ADDRESS_HEADER, client)
        .send({ query, variables });
      if (token) call.set('Authorization', `Bearer ${token}`);
      return (await call).body as GraphQLBody<Data>;
    };

    return {
      postgres,
      nats,
      mail,
      config,
      app,
      db: app.get(DataSource),
      bus,
      graphql,
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
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
