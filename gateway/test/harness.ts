/**
 * The gateway's test harness: one start-up for every gateway test file that runs the gateway against stand-ins.
 * It starts NATS, the events subgraph and the media service in miniature, events' answers on NATS (guest
 * admission, what a gallery is now), a built web app to serve, and one gateway started before its media subgraph
 * answers (it has to wait for it), composed when the harness is handed over. It holds the helpers every file used
 * to write again: GraphQL over HTTP, live clients and subscriptions, raw GETs and sockets, domain events published
 * as media and events do, and more gateways on the same NATS.
 *
 *   const harness = useGatewayHarness();
 */
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, jest } from '@jest/globals';
import { ApolloServer } from '@apollo/server';
import type { Logger } from '@apollo/utils.logger';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import express from 'express';
import { GraphQLError, parse } from 'graphql';
import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { findFreePort } from '@gallery/local-servers';
import { englishMessage, Requests, type DomainEvent, type LivePhoto } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER } from '@gallery/platform/edge';
import { startTestNats, waitFor, type TestNats } from '@gallery/testing';
import type { GatewayConfig } from '../src/config/gateway-config.js';
import { startGateway, type RunningGateway } from '../src/server.js';
import { livePhoto as testPhoto } from './live-photo.js';

export const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

export const SERVICE_UNAVAILABLE_MESSAGE = englishMessage('errors.SERVICE_UNAVAILABLE');
/** Gallery codes as the product issues them (8 characters of the code alphabet). */
export const GALLERY = 'KXMP7TQR';
export const OTHER_GALLERY = 'HWYC3NAD';
/** A gallery events does not answer about, as when it is down. */
export const UNANSWERED_GALLERY = 'TQRKXMP7';
/** GALLERY's expiry on the free plan, as events answers it. */
export const FREE_EXPIRY = '2027-06-20T00:00:00.000Z';
export const STORAGE_ORIGIN = 'http://127.0.0.1:4569';
export const PHOTO_ID = '0b9f6a1e-4c2d-4e8f-9a3b-5d7c1e2f3a4b';
/** The Vite dev server's page origin, configured as WEB_DEV_ORIGINS. */
export const DEV_ORIGIN = 'http://localhost:5173';
/** A token events' miniature answers RATE_LIMITED for, as events does once a client used its unknown lookups. */
export const RATE_LIMITED_TOKEN = 'spent-client-token';

export const FEDERATION =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.0", import: ["@key"])';

export const PHOTO_ADDED = `subscription PhotoAdded($eventCode: String!) {
  photoAdded(eventCode: $eventCode) { id eventCode thumbnailUrl width height createdAt }
}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

/** A gallery as events answers Requests.GalleryState. */
export interface GalleryStateAnswer {
  code: string;
  plan: 'free' | 'standard' | 'premium';
  expiresAt: string;
  guestDownloadsAllowed: boolean;
}

type Resolvers = NonNullable<
  Extract<Parameters<typeof buildSubgraphSchema>[0], { resolvers?: unknown }>['resolvers']
>;

export interface RunningSubgraph {
  /** Its GraphQL endpoint. */
  url: string;
  stop(): Promise<void>;
}

/**
 * A subgraph in miniature on `port` (a free one when 0): its SDL and resolvers at /graphql, /health, and the
 * service's own routes, added before those.
 */
export async function startSubgraph(options: {
  sdl: string;
  resolvers: Resolvers;
  port?: number;
  context?: (request: express.Request) => object;
  routes?: (app: express.Express) => void;
}): Promise<RunningSubgraph> {
  const apollo = new ApolloServer({
    logger: silent,
    schema: buildSubgraphSchema({ typeDefs: parse(options.sdl), resolvers: options.resolvers }),
  });
  await apollo.start();
  const app = express();
  options.routes?.(app);
  app.get('/health', (_req, res) => void res.json({ status: 'ok' }));
  const context = options.context;
  app.use(
    '/graphql',
    express.json(),
    expressMiddleware(apollo, context ? { context: async ({ req }) => context(req) } : undefined),
  );
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    async stop() {
      await closeServer(server);
      await apollo.stop();
    },
  };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

function bearerToken(context: { authorization?: string }): string {
  return /^Bearer (\S+)$/.exec(context.authorization ?? '')?.[1] ?? '';
}

/** The events subgraph in miniature: a gallery's own fields, `sessions`, the caller's headers, three failures. */
function startEventsSubgraph(sessions: Map<string, string>): Promise<RunningSubgraph> {
  const caller = (context: unknown) => context as { authorization?: string; clientAddress?: string };
  return startSubgraph({
    sdl: `${FEDERATION}
      type Event @key(fields: "code") { code: ID! name: String! }
      type Owner { email: String! }
      type Mutation { signOut: Boolean! }
      type Query {
        me: Owner
        event(code: String!): Event
        authorizationReceived: String
        clientAddressReceived: String
        missingGallery: Event
        databaseDown: String
        crash: String
      }`,
    context: (req) => ({
      authorization: req.headers.authorization,
      clientAddress: req.headers[CLIENT_ADDRESS_HEADER],
    }),
    resolvers: {
      Mutation: {
        signOut: (_: unknown, __: unknown, context: unknown) => sessions.delete(bearerToken(caller(context))),
      },
      Query: {
        me: (_: unknown, __: unknown, context: unknown) => {
          const token = bearerToken(caller(context));
          if (token === RATE_LIMITED_TOKEN) {
            throw new GraphQLError('Too many attempts. Please wait 42 seconds and try again.', {
              extensions: { code: 'RATE_LIMITED', count: 42 },
            });
          }
          const email = sessions.get(token);
          return email ? { email } : null;
        },
        event: (_: unknown, { code }: { code: string }) => ({ code, name: 'Sarah & Mike' }),
        authorizationReceived: (_: unknown, __: unknown, context: unknown) =>
          caller(context).authorization ?? null,
        clientAddressReceived: (_: unknown, __: unknown, context: unknown) =>
          caller(context).clientAddress ?? null,
        databaseDown: () => {
          throw new GraphQLError(SERVICE_UNAVAILABLE_MESSAGE, {
            extensions: { code: 'SERVICE_UNAVAILABLE' },
          });
        },
        missingGallery: () => {
          throw new GraphQLError('Gallery not found', { extensions: { code: 'GALLERY_NOT_FOUND' } });
        },
        crash: () => {
          throw new Error('connection to database lost at /srv/events/secret.ts:42');
        },
      },
      Event: { __resolveReference: (ref: { code: string }) => ({ code: ref.code, name: 'Sarah & Mike' }) },
    },
  });
}

/**
 * The media service in miniature on one origin: its subgraph at /graphql (adding photoCount to Event, plus
 * `extraFields` to show a redeployed schema being picked up) and a photo URL that redirects to storage.
 */
function startMediaService(port: number, received: string[], extraFields = ''): Promise<RunningSubgraph> {
  return startSubgraph({
    sdl: `${FEDERATION}
      type Event @key(fields: "code") { code: ID! photoCount: Int! ${extraFields} }`,
    resolvers: {
      Event: {
        __resolveReference: (ref: { code: string }) => ({
          code: ref.code,
          photoCount: 3,
          coverPhotoId: 'p1',
        }),
      },
    },
    port,
    routes: (app) => {
      // What the photo forwarder sent: it only ever reads. The gateway's own subgraph calls (queries, the
      // composition polling the schema at any moment) are POSTs and would make the count race with the poll.
      app.use((req, _res, next) => {
        if (req.method === 'GET' || req.method === 'HEAD') received.push(req.originalUrl);
        next();
      });
      app.get('/media/photos/:id/thumbnail', (req, res) => {
        res
          .set('Cache-Control', 'private, max-age=60')
          .redirect(302, `http://storage.test/${req.params.id}?signature=abc`);
      });
    },
  });
}

/** A photo just uploaded from a phone, as the media service announces it. */
export function livePhoto(eventCode: string, id: string): LivePhoto {
  return testPhoto(eventCode, id, { width: 1600, height: 1200, createdAt: new Date().toISOString() });
}

export function photoUploaded(photo: LivePhoto): DomainEvent<'photo.uploaded'> {
  return {
    id: crypto.randomUUID(),
    type: 'photo.uploaded',
    occurredAt: new Date().toISOString(),
    data: { photo, photoCount: 1 },
  };
}

type ClientOptions = Partial<Parameters<typeof createClient>[0]>;

export interface GatewayHarness {
  readonly nats: TestNats;
  /** Events' stand-in on NATS, and the tests' plain NATS publisher. */
  readonly natsClient: NatsConnection;
  /** The gateway every test talks to, composed. */
  readonly gateway: RunningGateway;
  /** What `gateway` logged. */
  readonly logger: Record<'debug' | 'info' | 'warn' | 'error', jest.Mock<(...args: unknown[]) => void>>;
  /** The built web app the gateways serve. */
  readonly webDist: string;
  /** Every path the media stand-in was asked for, to show what never reached it. */
  readonly mediaReceived: string[];
  /** The events subgraph's live sessions, by token; `signOut` ends the caller's. */
  readonly sessions: Map<string, string>;
  /** Each gallery as events would say it is now (Requests.GalleryState); none for a code not here. */
  readonly galleryStates: Map<string, GalleryStateAnswer>;
  /** How many times the gateways asked events what a gallery is now. */
  stateQuestions(): number;
  /** Holds events' answers to what a gallery is now until the returned function lets them go. */
  holdStateAnswers(): () => void;
  /** Stops the media stand-in (its port stays its own). */
  stopMedia(): Promise<void>;
  /** Starts the media stand-in again, with `extraFields` in its schema. */
  startMedia(extraFields?: string): Promise<void>;
  /** A GraphQL POST to `gateway`. */
  graphql(query: string, headers?: Record<string, string>): Promise<Response>;
  /** A live client of `gateway` (or of the one given), disposed by releaseLive() or stop(). */
  liveClient(options?: ClientOptions, gateway?: RunningGateway): Client;
  /** A subscription to photoAdded on a client of its own; its stream is ended by releaseLive(). */
  subscribeToGallery(
    eventCode: string,
  ): AsyncIterableIterator<FormattedExecutionResult<Record<string, unknown>, unknown>>;
  /** Keeps `stream` to be ended by releaseLive(). */
  keep<T extends AsyncIterableIterator<unknown>>(stream: T): T;
  /** The errors a subscription is refused with (it must be refused, never started). */
  subscriptionErrors(client: Client, query: string, variables?: Record<string, unknown>): Promise<unknown>;
  /** A GET with the path exactly as written: fetch would resolve dot segments before sending. */
  rawGet(rawPath: string): Promise<{ status: number; body: string }>;
  /** A raw graphql-ws socket, acknowledged, or the HTTP status its upgrade was refused with. */
  openSocket(origin?: string): Promise<WebSocket | number>;
  /** Another gateway on the same NATS, events and media, stopped with the harness. */
  startGateway(config?: Partial<GatewayConfig>, logger?: Logger): Promise<RunningGateway>;
  /** Ends every kept stream and live client, and waits for their sockets to close and `gateway`'s listeners to go. */
  releaseLive(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts NATS, the stand-ins and the gateway, and waits for its supergraph; the caller stops it in afterAll. */
export async function startGatewayHarness(): Promise<GatewayHarness> {
  const nats = await startTestNats();
  const cleanups: (() => Promise<unknown> | void)[] = [() => nats.stop()];
  const stop = async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  };
  try {
    const natsClient = await connect({ servers: nats.url });
    cleanups.push(() => natsClient.close());
    const galleryStates = new Map<string, GalleryStateAnswer>([
      [GALLERY, { code: GALLERY, plan: 'free', expiresAt: FREE_EXPIRY, guestDownloadsAllowed: false }],
    ]);
    let stateQuestions = 0;
    let stateAnswersHeld: Promise<void> = Promise.resolve();
    // Events' answer for galleries without a PIN: every guest admitted (UNANSWERED_GALLERY: events does not answer).
    natsClient.subscribe(Requests.GuestAdmission, {
      callback: (_error, message) => {
        if (message.json<{ code: string }>().code === UNANSWERED_GALLERY) return;
        message.respond(JSON.stringify({ admitted: true }));
      },
    });
    // Events' answer to what a gallery is now: read when the question arrives, sent once the test lets it go.
    natsClient.subscribe(Requests.GalleryState, {
      callback: (_error, message) => {
        stateQuestions++;
        const state = galleryStates.get(message.json<{ code: string }>().code) ?? null;
        void stateAnswersHeld.then(() => message.respond(JSON.stringify({ state })));
      },
    });
    await natsClient.flush();

    const sessions = new Map<string, string>();
    const events = await startEventsSubgraph(sessions);
    cleanups.push(() => events.stop());
    const mediaPort = await findFreePort();
    const mediaUrl = `http://127.0.0.1:${mediaPort}`;
    const mediaReceived: string[] = [];
    let media: RunningSubgraph | undefined;
    cleanups.push(() => media?.stop());
    const webDist = await mkdtemp(path.join(os.tmpdir(), 'gateway-web-'));
    cleanups.push(() => rm(webDist, { recursive: true, force: true }));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Live gallery</title>');
    await writeFile(path.join(webDist, 'assets', 'app-3f9a.js'), 'console.log("app")');

    const gateways: RunningGateway[] = [];
    cleanups.push(() => Promise.all(gateways.map((gateway) => gateway.close())));
    const clients: Client[] = [];
    cleanups.push(() => Promise.all(clients.splice(0).map((client) => client.dispose())));
    /** The live clients whose socket is open now. */
    const connected = new Set<Client>();
    const streams: AsyncIterableIterator<unknown>[] = [];
    const addGateway = async (config: Partial<GatewayConfig>, logger: Logger) => {
      const gateway = await startGateway(
        { port: 0, natsUrl: nats.url, eventsUrl: events.url, mediaUrl, webDist, ...config },
        logger,
      );
      gateways.push(gateway);
      return gateway;
    };

    const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
    // The media subgraph is not up yet: the gateway has to wait for it.
    const gateway = await addGateway(
      {
        pollIntervalMs: 200,
        compositionRetryMs: { initial: 100, max: 200 },
        storagePublicUrl: STORAGE_ORIGIN,
        webDevOrigins: [DEV_ORIGIN],
      },
      logger,
    );
    media = await startMediaService(mediaPort, mediaReceived);
    await waitFor('the supergraph', async () => (await fetch(`${gateway.url}/health`)).ok);

    const socketUrl = (of: RunningGateway = gateway) => `${of.url.replace(/^http/, 'ws')}/graphql`;
    const liveClient = (options: ClientOptions = {}, of: RunningGateway = gateway) => {
      const client = createClient({
        url: socketUrl(of),
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        ...options,
      });
      client.on('opened', () => connected.add(client));
      client.on('closed', () => connected.delete(client));
      clients.push(client);
      return client;
    };
    const keep = <T extends AsyncIterableIterator<unknown>>(stream: T): T => {
      streams.push(stream);
      return stream;
    };
    return {
      nats,
      natsClient,
      gateway,
      logger,
      webDist,
      mediaReceived,
      sessions,
      galleryStates,
      stateQuestions: () => stateQuestions,
      holdStateAnswers() {
        let letGo!: () => void;
        stateAnswersHeld = new Promise((resolve) => (letGo = resolve));
        return () => {
          stateAnswersHeld = Promise.resolve();
          letGo();
        };
      },
      async stopMedia() {
        await media?.stop();
        media = undefined;
      },
      async startMedia(extraFields = '') {
        media = await startMediaService(mediaPort, mediaReceived, extraFields);
      },
      graphql: (query, headers = {}) =>
        fetch(`${gateway.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body: JSON.stringify({ query }),
        }),
      liveClient,
      subscribeToGallery: (eventCode) =>
        keep(liveClient().iterate<Record<string, unknown>>({ query: PHOTO_ADDED, variables: { eventCode } })),
      keep,
      subscriptionErrors: (client, query, variables = {}) =>
        new Promise<unknown>((resolve, reject) => {
          client.subscribe(
            { query, variables },
            {
              // A refusal from the subscribe resolver arrives as one result with errors and no data.
              next: (value) =>
                value.errors && !value.data
                  ? resolve(value.errors)
                  : reject(new Error(`subscription started: ${JSON.stringify(value)}`)),
              error: resolve,
              complete: () => reject(new Error('subscription completed without an error')),
            },
          );
        }),
      rawGet: (rawPath) =>
        new Promise((resolve, reject) => {
          const request = httpRequest(`${gateway.url}/`, { path: rawPath }, (response) => {
            let body = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => (body += chunk));
            response.on('end', () => resolve({ status: response.statusCode!, body }));
          });
          request.on('error', reject);
          request.end();
        }),
      openSocket: (origin) =>
        new Promise((resolve, reject) => {
          const socket = new WebSocket(socketUrl(), 'graphql-transport-ws', origin ? { origin } : {});
          socket.once('unexpected-response', (_request, response) => resolve(response.statusCode!));
          socket.once('error', reject);
          socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
          socket.once('message', () => resolve(socket));
        }),
      startGateway: (config = {}, logger = silent) => addGateway(config, logger),
      async releaseLive() {
        await Promise.all(streams.splice(0).map((stream) => stream.return?.()));
        await Promise.all(clients.splice(0).map((client) => client.dispose()));
        await waitFor('every listener to be released', async () => gateway.fanout.listenerCount() === 0);
        await waitFor('every live socket to be closed', async () => connected.size === 0);
      },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** One harness for the file: started before its tests, stopped after them; usable from its first test on. */
export function useGatewayHarness(): GatewayHarness {
  let started: GatewayHarness | undefined;
  beforeAll(async () => {
    started = await startGatewayHarness();
  });
  afterAll(() => started?.stop());
  return new Proxy({} as GatewayHarness, {
    get(_harness, name) {
      if (!started) throw new Error('the gateway harness is not started: use it in a hook or a test');
      return started[name as keyof GatewayHarness];
    },
  });
}
