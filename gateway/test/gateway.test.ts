import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ApolloServer } from '@apollo/server';
import { buildSubgraphSchema } from '@apollo/subgraph';
import { expressMiddleware } from '@as-integrations/express5';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import express from 'express';
import { GraphQLError, parse } from 'graphql';
import { createClient, type Client, type FormattedExecutionResult } from 'graphql-ws';
import WebSocket from 'ws';
import { findFreePort } from '@gallery/local-servers';
import { API_LIMITS, englishMessage, Requests, type DomainEvent, type LivePhoto } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, EventBus } from '@gallery/platform';
import { startTestNats, type TestNats } from '@gallery/testing';
import { livePhoto as testPhoto } from './live-photo.js';
import { startGateway, type RunningGateway } from '../src/server.js';

const silent = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

const SERVICE_UNAVAILABLE_MESSAGE = englishMessage('errors.SERVICE_UNAVAILABLE');
/** Gallery codes as the product issues them (8 characters of the code alphabet). */
const GALLERY = 'KXMP7TQR';
const OTHER_GALLERY = 'HWYC3NAD';
/** GALLERY's expiry on the free plan, as events answers it. */
const FREE_EXPIRY = '2027-06-20T00:00:00.000Z';

interface EventStateAnswer {
  code: string;
  plan: 'free' | 'standard' | 'premium';
  expiresAt: string;
  guestDownloadsAllowed: boolean;
}

/** A gallery events does not answer about, as when it is down. */
const UNANSWERED_GALLERY = 'TQRKXMP7';
const STORAGE_ORIGIN = 'http://127.0.0.1:4569';
const PHOTO_ID = '0b9f6a1e-4c2d-4e8f-9a3b-5d7c1e2f3a4b';
/** The Vite dev server's page origin, configured as WEB_DEV_ORIGINS. */
const DEV_ORIGIN = 'http://localhost:5173';

const FEDERATION = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.0", import: ["@key"])';

/** The events subgraph's live sessions, by token; `signOut` ends the caller's. */
const SESSIONS = new Map<string, string>();
/** A token the miniature answers RATE_LIMITED for, as events does once a client used its unknown lookups. */
const RATE_LIMITED_TOKEN = 'spent-client-token';

function bearerToken(context: { authorization?: string }): string {
  return /^Bearer (\S+)$/.exec(context.authorization ?? '')?.[1] ?? '';
}

/** The events subgraph in miniature: a gallery's own fields, sessions, the caller's headers, three kinds of failure. */
async function startEventsSubgraph(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new ApolloServer({
    logger: silent,
    schema: buildSubgraphSchema({
      typeDefs: parse(`${FEDERATION}
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
        }`),
      resolvers: {
        Mutation: {
          signOut: (_: unknown, __: unknown, context: unknown) =>
            SESSIONS.delete(bearerToken(context as { authorization?: string })),
        },
        Query: {
          me: (_: unknown, __: unknown, context: unknown) => {
            const token = bearerToken(context as { authorization?: string });
            if (token === RATE_LIMITED_TOKEN) {
              throw new GraphQLError('Too many attempts. Please wait 42 seconds and try again.', {
                extensions: { code: 'RATE_LIMITED', count: 42 },
              });
            }
            const email = SESSIONS.get(token);
            return email ? { email } : null;
          },
          event: (_: unknown, { code }: { code: string }) => ({ code, name: 'Sarah & Mike' }),
          authorizationReceived: (_: unknown, __: unknown, context: unknown) =>
            (context as { authorization?: string }).authorization ?? null,
          clientAddressReceived: (_: unknown, __: unknown, context: unknown) =>
            (context as { clientAddress?: string }).clientAddress ?? null,
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
    }),
  });
  await server.start();
  const app = express();
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use(
    '/graphql',
    express.json(),
    expressMiddleware(server, {
      context: async ({ req }) => ({
        authorization: req.headers.authorization,
        clientAddress: req.headers[CLIENT_ADDRESS_HEADER],
      }),
    }),
  );
  const http = createServer(app);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(http.address() as AddressInfo).port}/graphql`,
    async stop() {
      await new Promise<void>((resolve) => closeServer(http, resolve));
      await server.stop();
    },
  };
}

/**
 * The media service in miniature on one origin: its subgraph at /graphql (adding photoCount to Event, plus
 * `extraFields` to show a redeployed schema being picked up) and a photo URL that redirects to storage.
 */
async function startMediaService(
  port: number,
  extraFields = '',
  received: string[] = [],
): Promise<{ stop(): Promise<void> }> {
  const subgraph = new ApolloServer({
    logger: silent,
    schema: buildSubgraphSchema({
      typeDefs: parse(`${FEDERATION}
        type Event @key(fields: "code") { code: ID! photoCount: Int! ${extraFields} }`),
      resolvers: {
        Event: {
          __resolveReference: (ref: { code: string }) => ({
            code: ref.code,
            photoCount: 3,
            coverPhotoId: 'p1',
          }),
        },
      },
    }),
  });
  await subgraph.start();
  const app = express();
  // What the photo forwarder sent: it only ever reads. The gateway's own subgraph calls (queries, the
  // composition polling the schema at any moment) are POSTs and would make the count race with the poll.
  app.use((req, _res, next) => {
    if (req.method === 'GET' || req.method === 'HEAD') received.push(req.originalUrl);
    next();
  });
  app.get('/health', (_req, res) => {
    res.json({ status: 'ok' });
  });
  app.use('/graphql', express.json(), expressMiddleware(subgraph));
  app.get('/media/photos/:id/thumbnail', (req, res) => {
    res
      .set('Cache-Control', 'private, max-age=60')
      .redirect(302, `http://storage.test/${req.params.id}?signature=abc`);
  });
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    async stop() {
      await new Promise<void>((resolve) => closeServer(server, resolve));
      await subgraph.stop();
    },
  };
}

function closeServer(server: Server, done: () => void): void {
  server.close(() => done());
  server.closeAllConnections();
}

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined> | T | undefined,
  ms = 20_000,
): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** A photo just uploaded from a phone, as the media service announces it. */
function livePhoto(eventCode: string, id: string): LivePhoto {
  return testPhoto(eventCode, id, { width: 1600, height: 1200, createdAt: new Date().toISOString() });
}

function photoUploaded(photo: LivePhoto): DomainEvent<'photo.uploaded'> {
  return {
    id: crypto.randomUUID(),
    type: 'photo.uploaded',
    occurredAt: new Date().toISOString(),
    data: { photo, photoCount: 1 },
  };
}

const PHOTO_ADDED = `subscription PhotoAdded($eventCode: String!) {
  photoAdded(eventCode: $eventCode) { id eventCode thumbnailUrl width height createdAt }
}`;

describe('gateway', () => {
  let nats: TestNats | undefined;
  let natsClient: NatsConnection | undefined;
  let events: { url: string; stop(): Promise<void> } | undefined;
  let media: { stop(): Promise<void> } | undefined;
  let mediaPort: number;
  let gateway: RunningGateway | undefined;
  let webDist: string;
  const clients: Client[] = [];
  const openStreams: AsyncIterableIterator<unknown>[] = [];
  /** Every path the media stub was asked for, to show what never reached it. */
  const mediaReceived: string[] = [];
  const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };
  /** Each gallery as events would say it is now (Requests.GalleryState); null for a code not here. */
  const GALLERY_STATES = new Map<string, EventStateAnswer>([
    [GALLERY, { code: GALLERY, plan: 'free', expiresAt: FREE_EXPIRY, guestDownloadsAllowed: false }],
  ]);
  let stateQuestions = 0;
  let stateAnswersHeld: Promise<void> = Promise.resolve();

  beforeAll(async () => {
    nats = await startTestNats();
    natsClient = await connect({ servers: nats.url });
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
        const state = GALLERY_STATES.get(message.json<{ code: string }>().code) ?? null;
        void stateAnswersHeld.then(() => message.respond(JSON.stringify({ state })));
      },
    });
    await natsClient.flush();
    events = await startEventsSubgraph();
    mediaPort = await findFreePort();
    webDist = await mkdtemp(path.join(os.tmpdir(), 'gateway-web-'));
    await mkdir(path.join(webDist, 'assets'));
    await writeFile(path.join(webDist, 'index.html'), '<!doctype html><title>Live gallery</title>');
    await writeFile(path.join(webDist, 'assets', 'app-3f9a.js'), 'console.log("app")');
    // The media subgraph is not up yet: the gateway has to wait for it.
    gateway = await startGateway(
      {
        port: 0,
        natsUrl: nats.url,
        eventsUrl: events.url,
        mediaUrl: `http://127.0.0.1:${mediaPort}`,
        webDist,
        pollIntervalMs: 200,
        compositionRetryMs: { initial: 100, max: 200 },
        storagePublicUrl: STORAGE_ORIGIN,
        webDevOrigins: [DEV_ORIGIN],
      },
      logger,
    );
  });

  afterAll(async () => {
    await Promise.all(clients.map((client) => client.dispose()));
    await gateway?.close();
    await media?.stop();
    await events?.stop();
    await natsClient?.close();
    await nats?.stop();
    if (webDist) await rm(webDist, { recursive: true, force: true });
  });

  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  type Json = any;
  const graphql = (query: string, headers: Record<string, string> = {}) =>
    fetch(`${gateway!.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query }),
    });

  function subscribeToGallery(
    eventCode: string,
  ): AsyncIterableIterator<FormattedExecutionResult<Record<string, unknown>, unknown>> {
    const client = createClient({
      url: `${gateway!.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    clients.push(client);
    const stream = client.iterate<Record<string, unknown>>({ query: PHOTO_ADDED, variables: { eventCode } });
    openStreams.push(stream);
    return stream;
  }

  const socketUrl = () => `${gateway!.url.replace(/^http/, 'ws')}/graphql`;

  function liveClient(options: Partial<Parameters<typeof createClient>[0]> = {}): Client {
    const client = createClient({ url: socketUrl(), webSocketImpl: WebSocket, retryAttempts: 0, ...options });
    clients.push(client);
    return client;
  }

  /** The errors a subscription is refused with (it must be refused, never started). */
  function subscriptionErrors(client: Client, query: string, variables: Record<string, unknown> = {}) {
    return new Promise<unknown>((resolve, reject) => {
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
    });
  }

  /** A GET with the path exactly as written: fetch would resolve dot segments before sending. */
  function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const request = httpRequest(`${gateway!.url}/`, { path: rawPath }, (response) => {
        let body = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode!, body }));
      });
      request.on('error', reject);
      request.end();
    });
  }

  /** A raw graphql-ws socket, acknowledged, or the HTTP status its upgrade was refused with. */
  function openSocket(origin?: string): Promise<WebSocket | number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(socketUrl(), 'graphql-transport-ws', origin ? { origin } : {});
      socket.once('unexpected-response', (_request, response) => resolve(response.statusCode!));
      socket.once('error', reject);
      socket.once('open', () => socket.send(JSON.stringify({ type: 'connection_init' })));
      socket.once('message', () => resolve(socket));
    });
  }

  describe('before every subgraph answers', () => {
    it('reports the missing supergraph on /health', async () => {
      const response = await fetch(`${gateway!.url}/health`);

      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'unavailable',
        checks: { nats: 'ok', supergraph: 'not composed yet', events: 'ok', media: 'not answering' },
      });
    });

    it('stays live for the liveness probe while a subgraph is missing', async () => {
      const response = await fetch(`${gateway!.url}/health/live`);

      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ status: 'ok' });
    });

    it('answers queries with a clear SERVICE_UNAVAILABLE error', async () => {
      const response = await graphql('{ event(code: "SARAHMIKE") { name } }');

      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        errors: [
          {
            message: 'The gallery service is not answering right now. Please try again in a moment.',
            extensions: { code: 'SERVICE_UNAVAILABLE' },
          },
        ],
      });
    });
  });

  describe('before every subgraph answers, GET /api/session', () => {
    it('says the service is not answering yet, so the browser may ask again', async () => {
      const response = await fetch(`${gateway!.url}/api/session`, {
        headers: { authorization: 'Bearer some-token' },
      });

      expect(response.status).toBe(503);
      expect(((await response.json()) as Json).errors[0].extensions).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    });
  });

  describe('once the late subgraph starts', () => {
    beforeAll(async () => {
      media = await startMediaService(mediaPort, '', mediaReceived);
      await waitFor('the supergraph', async () => (await fetch(`${gateway!.url}/health`)).ok);
    });

    it('is healthy', async () => {
      const response = await fetch(`${gateway!.url}/health`);

      expect(response.status).toBe(200);
      expect(await response.json()).toMatchObject({ status: 'ok' });
    });

    it('answers one query with fields from both subgraphs', async () => {
      const response = await graphql('{ event(code: "SARAHMIKE") { code name photoCount } }');

      expect(await response.json()).toEqual({
        data: { event: { code: 'SARAHMIKE', name: 'Sarah & Mike', photoCount: 3 } },
      });
    });

    it('forwards the Authorization header to the subgraphs', async () => {
      const response = await graphql('{ authorizationReceived }', { authorization: 'Bearer owner-token' });

      expect(await response.json()).toEqual({ data: { authorizationReceived: 'Bearer owner-token' } });
    });

    it("passes a subgraph's coded error through with its message", async () => {
      const response = await graphql('{ missingGallery { name } }');
      const body: Json = await response.json();

      expect(body.errors).toEqual([
        { message: 'Gallery not found', path: ['missingGallery'], extensions: { code: 'GALLERY_NOT_FOUND' } },
      ]);
    });

    it('turns an unexpected failure into INTERNAL without a stack or its details', async () => {
      const response = await graphql('{ crash }');
      const text = await response.text();

      expect(JSON.parse(text).errors).toEqual([
        {
          message: 'Something went wrong on our side. Please try again.',
          path: ['crash'],
          extensions: { code: 'INTERNAL' },
        },
      ]);
      expect(text).not.toMatch(/stacktrace|secret\.ts|\bat /);
    });

    it('reports a malformed query with its GraphQL code', async () => {
      const response = await graphql('{ event(code: "X") { nope } }');
      const body: Json = await response.json();

      expect(body.errors[0].extensions).toEqual({ code: 'GRAPHQL_VALIDATION_FAILED' });
    });

    it('reports a subgraph that stopped answering without its details', async () => {
      await media!.stop();
      media = undefined;
      const response = await graphql('{ event(code: "SARAHMIKE") { name photoCount } }');
      media = await startMediaService(mediaPort, '', mediaReceived);

      expect(((await response.json()) as Json).errors).toEqual([
        {
          message: 'The gallery service is not answering right now. Please try again in a moment.',
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        },
      ]);
    });

    it('picks up a redeployed subgraph with a new field', async () => {
      await media!.stop();
      media = await startMediaService(mediaPort, 'coverPhotoId: ID', mediaReceived);

      const body = await waitFor('the new field', async () => {
        const answer: Json = await (await graphql('{ event(code: "SARAHMIKE") { coverPhotoId } }')).json();
        return answer.data ? answer : undefined;
      });
      expect(body).toEqual({ data: { event: { coverPhotoId: 'p1' } } });
    });
  });

  describe('callers and failures', () => {
    beforeAll(async () => {
      await waitFor('the supergraph', async () => (await fetch(`${gateway!.url}/health`)).ok);
    });

    it("tells the subgraphs the client's address, never one the client wrote", async () => {
      const response = await graphql('{ clientAddressReceived }', { [CLIENT_ADDRESS_HEADER]: '203.0.113.9' });
      const body: Json = await response.json();

      expect(body.data.clientAddressReceived).not.toBe('203.0.113.9');
      expect(body.data.clientAddressReceived).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
    });

    it("passes a subgraph's SERVICE_UNAVAILABLE through with its code, so the client may retry", async () => {
      const response = await graphql('{ databaseDown }');

      expect(((await response.json()) as Json).errors).toEqual([
        {
          message: SERVICE_UNAVAILABLE_MESSAGE,
          path: ['databaseDown'],
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        },
      ]);
    });

    it('reports a subgraph that is down on /health with 503, naming it', async () => {
      await media!.stop();
      media = undefined;
      const response = await fetch(`${gateway!.url}/health`);
      media = await startMediaService(mediaPort, '', mediaReceived);

      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'unavailable',
        checks: { nats: 'ok', supergraph: 'ok', events: 'ok', media: 'not answering' },
      });
    });

    it("never writes the caller's token or connection parameters to the logs", async () => {
      const token = 'Bearer owner-token-that-must-not-be-logged';
      await graphql('{ crash }', { authorization: token });
      await graphql('{ nope }', { authorization: token });
      await fetch(`${gateway!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: token },
        body: '{',
      });
      const client = liveClient({ connectionParams: { authorization: token } });
      await subscriptionErrors(client, PHOTO_ADDED, { eventCode: 'SARAHMIKE' });

      const logged = JSON.stringify(
        [logger.debug, logger.info, logger.warn, logger.error].flatMap((log) => log.mock.calls),
      );
      expect(logger.error).toHaveBeenCalled();
      expect(logged).not.toContain('owner-token-that-must-not-be-logged');
    });
  });

  describe('GET /api/session', () => {
    beforeAll(async () => {
      await waitFor('the supergraph', async () => (await fetch(`${gateway!.url}/health`)).ok);
    });

    const session = (headers: Record<string, string> = {}) =>
      fetch(`${gateway!.url}/api/session`, { headers });

    it('answers the owner of a live session token, never to be cached', async () => {
      SESSIONS.set('live-token', 'sarah@example.com');
      const response = await session({ authorization: 'Bearer live-token' });

      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-store');
      expect(await response.json()).toEqual({ email: 'sarah@example.com' });
    });

    it('answers 401 without a token, for an unknown one and for one longer than any session token', async () => {
      // The stand-in would know this one: only the length limit keeps it from being asked.
      SESSIONS.set('x'.repeat(101), 'long@example.com');
      const refused: Record<string, string>[] = [
        {},
        { authorization: 'Basic dXNlcjpwYXNz' },
        { authorization: 'Bearer unknown-token' },
        { authorization: `Bearer ${'x'.repeat(101)}` },
      ];
      for (const headers of refused) {
        const response = await session(headers);
        expect(response.status).toBe(401);
        expect(((await response.json()) as Json).errors[0].extensions).toEqual({ code: 'UNAUTHENTICATED' });
      }
    });

    it('answers 401 once the session is signed out', async () => {
      SESSIONS.set('signed-out-token', 'mike@example.com');
      expect((await session({ authorization: 'Bearer signed-out-token' })).status).toBe(200);
      const signOut = await fetch(`${gateway!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: 'Bearer signed-out-token' },
        body: JSON.stringify({ query: 'mutation { signOut }' }),
      });
      expect(await signOut.json()).toEqual({ data: { signOut: true } });

      expect((await session({ authorization: 'Bearer signed-out-token' })).status).toBe(401);
    });

    it("answers 429 with the wait when events refuses the client's lookups", async () => {
      const response = await session({ authorization: `Bearer ${RATE_LIMITED_TOKEN}` });

      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('42');
      expect(((await response.json()) as Json).errors[0]).toEqual({
        message: 'Too many attempts. Please wait 42 seconds and try again.',
        extensions: { code: 'RATE_LIMITED' },
      });
    });
  });

  describe('limits on what a request may ask', () => {
    const aliases = (count: number, field = '__typename') =>
      Array.from({ length: count }, (_, i) => `a${i}: ${field}`).join(' ');
    const fragmentChain = (count: number) =>
      `{ ...F0 } ` +
      Array.from({ length: count }, (_, i) =>
        i === count - 1
          ? `fragment F${i} on Query { __typename }`
          : `fragment F${i} on Query { ...F${i + 1} }`,
      ).join(' ');

    it('refuses 55,000 aliases with a clear error', async () => {
      const response = await graphql(`{ ${aliases(55_000)} }`);

      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({
        errors: [
          {
            message: `The request body is larger than ${API_LIMITS.bodyBytes / 1024} KB.`,
            extensions: { code: 'PAYLOAD_TOO_LARGE' },
          },
        ],
      });
    });

    it('refuses one alias more than the limit, naming the limit', async () => {
      const response = await graphql(`{ ${aliases(API_LIMITS.maxAliases + 1)} }`);
      const body: Json = await response.json();

      expect(response.status).toBe(400);
      expect(body.errors).toEqual([
        {
          message: `Syntax Error: Aliases limit of ${API_LIMITS.maxAliases} exceeded, found ${API_LIMITS.maxAliases + 1}.`,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ]);
      expect(body.data).toBeUndefined();
    });

    it('answers as many aliases as the limit allows', async () => {
      const response = await graphql(`{ ${aliases(API_LIMITS.maxAliases)} }`);

      expect(response.status).toBe(200);
    });

    it('refuses a chain of 10,000 named fragments without a 500', async () => {
      const response = await graphql(fragmentChain(10_000));

      expect(response.status).toBe(413);
      expect(((await response.json()) as Json).errors[0].extensions).toEqual({ code: 'PAYLOAD_TOO_LARGE' });
    });

    it('refuses a document with more tokens than the limit before validating it', async () => {
      const response = await graphql(fragmentChain(1_000));
      const body: Json = await response.json();

      expect(response.status).toBe(400);
      expect(body.errors).toEqual([
        {
          message: `Syntax Error: Document contains more that ${API_LIMITS.maxTokens} tokens. Parsing aborted.`,
          locations: expect.any(Array),
          extensions: { code: 'GRAPHQL_PARSE_FAILED' },
        },
      ]);
    });

    it('answers a malformed JSON body with a JSON error and no stack or path', async () => {
      const response = await fetch(`${gateway!.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{"query": "{ __typename }"',
      });
      const text = await response.text();

      expect(response.status).toBe(400);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(text)).toEqual({
        errors: [{ message: 'The request body is not valid JSON.', extensions: { code: 'BAD_REQUEST' } }],
      });
      expect(text).not.toMatch(/node_modules|\bat |<html|SyntaxError/i);
    });
  });

  describe('live photos', () => {
    const ID_1 = crypto.randomUUID(),
      ID_2 = crypto.randomUUID(),
      ID_BAD = crypto.randomUUID(),
      ID_GOOD = crypto.randomUUID(),
      ID_JS = crypto.randomUUID(),
      ID_AFTER_RESTART = crypto.randomUUID(),
      ID_UPDATE_PHOTO = crypto.randomUUID();
    // Each test starts with no socket left from the one before, and shows its sockets are let go.
    afterEach(async () => {
      await Promise.all(openStreams.splice(0).map((stream) => stream.return?.()));
      await waitFor('every listener to be released', () => gateway!.fanout.listenerCount() === 0);
    });

    it("delivers a photo published on NATS to its gallery's subscribers only", async () => {
      const sarahMike = subscribeToGallery(GALLERY);
      const other = subscribeToGallery(OTHER_GALLERY);
      const firstOfSarahMike = sarahMike.next();
      const firstOfOther = other.next();
      await waitFor('both subscriptions', () => gateway!.fanout.listenerCount() === 2);

      const photo = livePhoto(GALLERY, ID_1);
      natsClient!.publish('photo.uploaded', JSON.stringify(photoUploaded(photo)));
      natsClient!.publish('photo.uploaded', JSON.stringify(photoUploaded(livePhoto(OTHER_GALLERY, ID_2))));

      expect((await firstOfSarahMike).value).toEqual({
        data: {
          photoAdded: {
            id: ID_1,
            eventCode: GALLERY,
            thumbnailUrl: `/media/photos/${ID_1}/thumbnail`,
            width: 1600,
            height: 1200,
            createdAt: photo.createdAt,
          },
        },
      });
      // Same publisher, same order: had the other gallery received this one's photo, it would come first.
      expect((await firstOfOther).value).toMatchObject({ data: { photoAdded: { id: ID_2 } } });
    });

    it('lets nobody follow a gallery events cannot answer for, and has the screen come again later', async () => {
      // 1013, "try again later": the web app's client reconnects after its back-off and subscribes again; an
      // error result would have ended the subscription for good.
      const closed = await subscriptionErrors(liveClient(), PHOTO_ADDED, { eventCode: UNANSWERED_GALLERY });

      expect((closed as { code?: number }).code).toBe(1013);
      expect(gateway!.fanout.listenerCount(UNANSWERED_GALLERY)).toBe(0);
    });

    it("sends a photo other guests may not see yet to no guest's screen", async () => {
      const stream = subscribeToGallery(GALLERY);
      const first = stream.next();
      await waitFor('the subscription', () => gateway!.fanout.listenerCount(GALLERY) === 1);
      const hidden = crypto.randomUUID();
      const shared = crypto.randomUUID();

      const notShared = photoUploaded(livePhoto(GALLERY, hidden));
      natsClient!.publish(
        'photo.uploaded',
        JSON.stringify({ ...notShared, data: { ...notShared.data, shared: false } }),
      );
      natsClient!.publish('photo.uploaded', JSON.stringify(photoUploaded(livePhoto(GALLERY, shared))));

      // Same publisher, same order: had the hidden one been sent, it would come first.
      expect((await first).value).toMatchObject({ data: { photoAdded: { id: shared } } });
    });

    it("tells no guest's screen of a removal while photos are not shared", async () => {
      const removals = liveClient().iterate<Record<string, unknown>>({
        query:
          'subscription ($eventCode: String!) { photoRemoved(eventCode: $eventCode) { photoId photoCount } }',
        variables: { eventCode: GALLERY },
      });
      openStreams.push(removals);
      const first = removals.next();
      await waitFor('the subscription', () => gateway!.fanout.listenerCount(GALLERY) === 1);
      const [hidden, shared] = [crypto.randomUUID(), crypto.randomUUID()];
      const deleted = (photoId: string, extra: object) =>
        JSON.stringify({
          id: crypto.randomUUID(),
          type: 'photo.deleted',
          occurredAt: new Date().toISOString(),
          data: { photoId, eventCode: GALLERY, photoCount: 7, ...extra },
        });

      natsClient!.publish('photo.deleted', deleted(hidden, { shared: false }));
      natsClient!.publish('photo.deleted', deleted(shared, {}));

      expect((await first).value).toEqual({ data: { photoRemoved: { photoId: shared, photoCount: 7 } } });
    });

    it("tells a gallery's screens that its reveal time has come", async () => {
      const reveals = liveClient().iterate<Record<string, unknown>>({
        query:
          'subscription ($eventCode: String!) { photosRevealed(eventCode: $eventCode) { eventCode revealAt } }',
        variables: { eventCode: GALLERY },
      });
      openStreams.push(reveals);
      const first = reveals.next();
      await waitFor('the subscription', () => gateway!.fanout.listenerCount(GALLERY) === 1);
      const revealAt = new Date().toISOString();

      natsClient!.publish(
        'photo.revealed',
        JSON.stringify({
          id: crypto.randomUUID(),
          type: 'photo.revealed',
          occurredAt: revealAt,
          data: { code: GALLERY, revealAt },
        }),
      );

      expect((await first).value).toEqual({ data: { photosRevealed: { eventCode: GALLERY, revealAt } } });
    });

    it('ignores a message that breaks the event contract and keeps delivering', async () => {
      const stream = subscribeToGallery(GALLERY);
      const first = stream.next();
      await waitFor('the subscription', () => gateway!.fanout.listenerCount(GALLERY) === 1);

      natsClient!.publish('photo.uploaded', 'not json');
      natsClient!.publish(
        'photo.uploaded',
        JSON.stringify({
          ...photoUploaded(livePhoto(GALLERY, ID_BAD)),
          data: { photo: { id: ID_BAD } },
        }),
      );
      natsClient!.publish('photo.uploaded', JSON.stringify(photoUploaded(livePhoto(GALLERY, ID_GOOD))));

      expect((await first).value).toMatchObject({ data: { photoAdded: { id: ID_GOOD } } });
      expect(logger.warn).toHaveBeenCalledWith(expect.stringContaining('event is not JSON'));
      expect(logger.warn).toHaveBeenCalledWith(
        expect.stringContaining('photo.uploaded data breaks its contract'),
      );
      expect(await (await fetch(`${gateway!.url}/health`)).json()).toMatchObject({ checks: { nats: 'ok' } });
    });

    it('delivers an event published through JetStream as the media service does', async () => {
      const bus = await EventBus.connect(nats!.url, 'gateway-test-media');
      try {
        const stream = subscribeToGallery(GALLERY);
        const first = stream.next();
        await waitFor('the subscription', () => gateway!.fanout.listenerCount(GALLERY) === 1);

        await bus.publish(photoUploaded(livePhoto(GALLERY, ID_JS)));

        expect((await first).value).toMatchObject({ data: { photoAdded: { id: ID_JS } } });
      } finally {
        await bus.close();
      }
    });
    it("pushes a gallery's new plan and expiry from plan.upgraded to its eventUpdated subscribers only", async () => {
      const client = liveClient();
      const query = `subscription ($eventCode: String!) { eventUpdated(eventCode: $eventCode) { code plan expiresAt } }`;
      const updates = client.iterate({ query, variables: { eventCode: GALLERY.toLowerCase() } });
      const photos = subscribeToGallery(GALLERY);
      openStreams.push(updates);
      const firstUpdate = updates.next();
      const firstPhoto = photos.next();
      await waitFor('both subscriptions', () => gateway!.fanout.listenerCount(GALLERY) === 2);
      const bus = await EventBus.connect(nats!.url, 'gateway-test-events');
      try {
        const upgraded = (code: string): DomainEvent<'plan.upgraded'> => ({
          id: crypto.randomUUID(),
          type: 'plan.upgraded',
          occurredAt: new Date().toISOString(),
          data: {
            code,
            previousPlan: 'free',
            plan: 'premium',
            expiresAt: '2027-11-22T10:00:00.000Z',
            reason: 'payment',
            paymentId: crypto.randomUUID(),
          },
        });
        await bus.publish(upgraded(OTHER_GALLERY));
        await bus.publish(upgraded(GALLERY));
        await bus.publish(photoUploaded(livePhoto(GALLERY, ID_UPDATE_PHOTO)));

        // First the gallery as it was when the subscription started, then the upgrade.
        expect((await firstUpdate).value).toEqual({
          data: { eventUpdated: { code: GALLERY, plan: 'FREE', expiresAt: FREE_EXPIRY } },
        });
        expect((await updates.next()).value).toEqual({
          data: { eventUpdated: { code: GALLERY, plan: 'PREMIUM', expiresAt: '2027-11-22T10:00:00.000Z' } },
        });
        // The photo subscriber heard the photo first, not the update.
        expect((await firstPhoto).value).toMatchObject({ data: { photoAdded: { id: ID_UPDATE_PHOTO } } });
      } finally {
        await bus.close();
      }
      expect(
        await subscriptionErrors(
          liveClient(),
          'subscription { eventUpdated(eventCode: "not a code") { code } }',
        ),
      ).toEqual([
        expect.objectContaining({ extensions: expect.objectContaining({ code: 'GALLERY_NOT_FOUND' }) }),
      ]);
    });

    const EVENT_UPDATED = `subscription ($eventCode: String!) {
      eventUpdated(eventCode: $eventCode) { code plan expiresAt guestDownloadsAllowed }
    }`;
    const guestDownloads = (allowed: boolean) => ({
      data: {
        eventUpdated: { code: GALLERY, plan: 'FREE', expiresAt: FREE_EXPIRY, guestDownloadsAllowed: allowed },
      },
    });
    const guestDownloadsChanged = (allowed: boolean): DomainEvent<'event.guest-downloads-changed'> => ({
      id: crypto.randomUUID(),
      type: 'event.guest-downloads-changed',
      occurredAt: new Date().toISOString(),
      data: { code: GALLERY, allowed, plan: 'free', expiresAt: FREE_EXPIRY },
    });

    it('pushes the guest downloads setting to open screens as it changes', async () => {
      const updates = liveClient().iterate({ query: EVENT_UPDATED, variables: { eventCode: GALLERY } });
      openStreams.push(updates);
      const firstUpdate = updates.next();
      await waitFor('the subscription', () => gateway!.fanout.listenerCount(GALLERY) >= 1);
      const bus = await EventBus.connect(nats!.url, 'gateway-test-guest-downloads');
      try {
        expect((await firstUpdate).value).toEqual(guestDownloads(false));
        await bus.publish(guestDownloadsChanged(true));
        expect((await updates.next()).value).toEqual(guestDownloads(true));
      } finally {
        await bus.close();
      }
    });

    it('starts each eventUpdated subscription with the gallery as it is: a change just before it listened is not missed', async () => {
      // The couple lets guests Download All between a guest's page read and their subscription going live: the
      // change's event reaches the gateway while nobody listens.
      const bus = await EventBus.connect(nats!.url, 'gateway-test-missed-change');
      GALLERY_STATES.set(GALLERY, { ...GALLERY_STATES.get(GALLERY)!, guestDownloadsAllowed: true });
      try {
        // A photo of another gallery published after the change: once it is on its screen, the gateway has
        // handled the change (one publisher's messages arrive in order) with nobody listening to it.
        const marker = subscribeToGallery(OTHER_GALLERY);
        const markerArrived = marker.next();
        await waitFor('the marker screen', () => gateway!.fanout.listenerCount(OTHER_GALLERY) === 1);
        expect(gateway!.fanout.listenerCount(GALLERY)).toBe(0);
        await bus.publish(guestDownloadsChanged(true));
        await bus.publish(photoUploaded(livePhoto(OTHER_GALLERY, crypto.randomUUID())));
        expect((await markerArrived).value).toMatchObject({
          data: { photoAdded: { eventCode: OTHER_GALLERY } },
        });
        const updates = liveClient().iterate({ query: EVENT_UPDATED, variables: { eventCode: GALLERY } });
        openStreams.push(updates);
        expect((await updates.next()).value).toEqual(guestDownloads(true));
      } finally {
        GALLERY_STATES.set(GALLERY, { ...GALLERY_STATES.get(GALLERY)!, guestDownloadsAllowed: false });
        await bus.close();
      }
    });

    it('hands out a change that comes while the first answer is on its way after that answer, not before', async () => {
      let letAnswersGo!: () => void;
      stateAnswersHeld = new Promise((resolve) => (letAnswersGo = resolve));
      const bus = await EventBus.connect(nats!.url, 'gateway-test-held-change');
      try {
        const asked = stateQuestions;
        const updates = liveClient().iterate({ query: EVENT_UPDATED, variables: { eventCode: GALLERY } });
        openStreams.push(updates);
        const first = updates.next();
        // Events read the gallery (downloads off), then the couple allowed them before its answer arrived.
        await waitFor('the question to events', () => stateQuestions > asked);
        const delivered = gateway!.fanout.publishEventUpdate({
          code: GALLERY,
          plan: 'free',
          expiresAt: FREE_EXPIRY,
          guestDownloadsAllowed: true,
        });
        expect(delivered).toBe(1);
        letAnswersGo();
        expect((await first).value).toEqual(guestDownloads(false));
        expect((await updates.next()).value).toEqual(guestDownloads(true));
      } finally {
        stateAnswersHeld = Promise.resolve();
        letAnswersGo();
        await bus.close();
      }
    });

    it('keeps delivering after NATS restarts, and makes open screens reconnect to re-read what they missed', async () => {
      const closeCodes: number[] = [];
      const openScreen = createClient({
        url: `${gateway!.url.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
        on: { closed: (event) => closeCodes.push((event as { code: number }).code) },
      });
      clients.push(openScreen);
      const before = openScreen.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
      openStreams.push(before);
      void before.next().catch(() => undefined);
      await waitFor('the open screen', () => gateway!.fanout.listenerCount(GALLERY) === 1);

      await nats!.restart();
      await waitFor('the open screen to be told to reconnect', () => closeCodes.includes(1012));
      await waitFor('NATS to be back', async () => {
        const report: Json = await (await fetch(`${gateway!.url}/health`)).json();
        return report.checks.nats === 'ok';
      });
      // A screen that reconnects as the web app's does. Events' stand-in (this test's NATS client) may not be back
      // yet: the gateway then cannot ask who may follow, closes the socket with 1013 and the screen comes again.
      const screen = liveClient({
        retryAttempts: 20,
        retryWait: () => new Promise((done) => setTimeout(done, 250)),
      });
      const stream = screen.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
      openStreams.push(stream);
      const first = stream.next();
      await waitFor('the subscription', () => gateway!.fanout.listenerCount(GALLERY) === 1);

      // The test's own publisher reconnects on its own schedule; a flush while it is still away is refused.
      await waitFor('the publisher to be back', () =>
        natsClient!.flush().then(
          () => true,
          () => false,
        ),
      );
      natsClient!.publish(
        'photo.uploaded',
        JSON.stringify(photoUploaded(livePhoto(GALLERY, ID_AFTER_RESTART))),
      );

      expect((await first).value).toMatchObject({ data: { photoAdded: { id: ID_AFTER_RESTART } } });
    });
  });

  describe('live limits', () => {
    afterEach(async () => {
      await Promise.all(openStreams.splice(0).map((stream) => stream.return?.()));
      await waitFor('every listener to be released', () => gateway!.fanout.listenerCount() === 0);
    });

    it('refuses a subscription with 20,000 aliases', async () => {
      const aliases = Array.from({ length: 20_000 }, (_, i) => `a${i}: id`).join(' ');
      const closed: number[] = [];
      const client = liveClient({ on: { closed: (event) => closed.push((event as { code: number }).code) } });

      await subscriptionErrors(client, `subscription { photoAdded(eventCode: "${GALLERY}") { ${aliases} } }`);

      // Far larger than one socket message may be: the socket is closed before the document is read.
      expect(closed).toEqual([1009]);
      expect(gateway!.fanout.listenerCount()).toBe(0);
    });

    it('refuses a subscription with more aliases than the limit, as over HTTP', async () => {
      const aliases = Array.from({ length: API_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: id`).join(' ');

      const errors = await subscriptionErrors(
        liveClient(),
        `subscription { photoAdded(eventCode: "${GALLERY}") { ${aliases} } }`,
      );

      expect(errors).toEqual([
        expect.objectContaining({
          message: `Syntax Error: Aliases limit of ${API_LIMITS.maxAliases} exceeded, found ${API_LIMITS.maxAliases + 1}.`,
        }),
      ]);
    });

    it('refuses a subscription with more tokens than the limit', async () => {
      const fields = Array.from({ length: API_LIMITS.maxTokens }, () => 'id').join(' ');

      const errors = await subscriptionErrors(
        liveClient(),
        `subscription { photoAdded(eventCode: "${GALLERY}") { ${fields} } }`,
      );

      expect(errors).toEqual([
        expect.objectContaining({
          message: `Syntax Error: Document contains more that ${API_LIMITS.maxTokens} tokens. Parsing aborted.`,
        }),
      ]);
    });

    it('closes a socket sent a 4 MB message', async () => {
      const socket = await openSocket();
      if (typeof socket === 'number') throw new Error(`socket refused: ${socket}`);
      const closed = new Promise<number>((resolve) => socket.once('close', resolve));
      const logged = jest.spyOn(console, 'error');

      try {
        socket.send('x'.repeat(4 * 1024 * 1024));

        expect(await closed).toBe(1009);
        // The client's oversized message, not a fault of the gateway's.
        expect(logged).not.toHaveBeenCalled();
      } finally {
        logged.mockRestore();
      }
    });

    it('refuses a subscription to a code no gallery can have', async () => {
      const errors = await subscriptionErrors(liveClient(), PHOTO_ADDED, { eventCode: 'SARAHMIKE' });

      expect(errors).toEqual([
        expect.objectContaining({ message: 'Gallery not found', extensions: { code: 'GALLERY_NOT_FOUND' } }),
      ]);
      expect(gateway!.fanout.listenerCount()).toBe(0);
    });

    it('refuses one subscription more than a socket may hold', async () => {
      const client = liveClient();
      for (let n = 0; n < API_LIMITS.subscriptionsPerSocket; n++) {
        const stream = client.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
        openStreams.push(stream);
        void stream.next().catch(() => undefined);
      }
      await waitFor('the allowed subscriptions', () =>
        gateway!.fanout.listenerCount(GALLERY) === API_LIMITS.subscriptionsPerSocket ? true : undefined,
      );

      const errors = await subscriptionErrors(client, PHOTO_ADDED, { eventCode: GALLERY });

      expect(errors).toEqual([
        expect.objectContaining({
          message: `A connection may hold at most ${API_LIMITS.subscriptionsPerSocket} live subscriptions.`,
        }),
      ]);
      expect(gateway!.fanout.listenerCount(GALLERY)).toBe(API_LIMITS.subscriptionsPerSocket);
    });

    it('refuses one socket more than a client may open', async () => {
      const sockets: WebSocket[] = [];
      try {
        for (let n = 0; n < API_LIMITS.socketsPerClient; n++) {
          const socket = await openSocket();
          if (typeof socket === 'number') throw new Error(`socket ${n + 1} refused: ${socket}`);
          sockets.push(socket);
        }

        expect(await openSocket()).toBe(429);
      } finally {
        await Promise.all(
          sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve).close())),
        );
      }
      const again = await openSocket();
      expect(again).toBeInstanceOf(WebSocket);
      (again as WebSocket).close();
    });

    it('closes the socket of a screen that fell behind, so its client reconnects and re-reads', async () => {
      const closed: number[] = [];
      let connections = 0;
      const client = liveClient({
        retryAttempts: 1,
        retryWait: () => Promise.resolve(),
        on: {
          connected: () => connections++,
          closed: (event) => closed.push((event as { code: number }).code),
        },
      });
      const stream = client.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
      openStreams.push(stream);
      void stream.next().catch(() => undefined);
      await waitFor('the subscription', () => gateway!.fanout.listenerCount(GALLERY) === 1);

      // Published in one go: the socket cannot send any of them before the queue is full.
      for (let n = 0; n <= API_LIMITS.eventsQueuedPerSubscription + 1; n++) {
        gateway!.fanout.publish(livePhoto(GALLERY, crypto.randomUUID()));
      }

      await waitFor('the socket to be closed', () => (closed.length > 0 ? true : undefined));
      expect(closed[0]).toBe(1013);
      await waitFor('the client to reconnect', () => connections === 2);
    });
  });

  describe('media', () => {
    it("passes the media service's redirect and cache headers through without following it", async () => {
      await waitFor('the media service', async () => (await fetch(`${gateway!.url}/health`)).ok);

      const response = await fetch(`${gateway!.url}/media/photos/${PHOTO_ID}/thumbnail`, {
        redirect: 'manual',
      });

      expect(response.status).toBe(302);
      expect(response.headers.get('location')).toBe(`http://storage.test/${PHOTO_ID}?signature=abc`);
      expect(response.headers.get('cache-control')).toBe('private, max-age=60');
    });

    it.each([
      '/media/../health',
      '/media/%2e%2e/graphql',
      '/media/%2E%2E/health',
      '/media/photos/x/../../health',
      '/media/photos/x/%2e%2e/%2e%2e/health',
      '/media/photos/x%2f..%2f..%2fhealth/thumbnail',
      `/media/photos/${PHOTO_ID}/thumbnail/../../../../health`,
      `/media/photos/${PHOTO_ID}/secret`,
      '/media/graphql',
    ])('answers %s with 404 without reaching the media service', async (rawPath) => {
      const before = mediaReceived.length;

      const response = await rawGet(rawPath);

      expect(response.status).toBe(404);
      expect(mediaReceived.slice(before)).toEqual([]);
    });

    it('forwards the photo link alone, without what the client added to it', async () => {
      const before = mediaReceived.length;

      await fetch(`${gateway!.url}/media/photos/${PHOTO_ID}/thumbnail?x=/../health`, { redirect: 'manual' });

      expect(mediaReceived.slice(before)).toEqual([`/media/photos/${PHOTO_ID}/thumbnail`]);
    });

    it("forwards a photo's pass, and only a well-formed one", async () => {
      const pass = 'A'.repeat(42) + 'z';
      const before = mediaReceived.length;

      await fetch(`${gateway!.url}/media/photos/${PHOTO_ID}/thumbnail?x=1&pass=${pass}`, {
        redirect: 'manual',
      });
      await fetch(`${gateway!.url}/media/photos/${PHOTO_ID}/thumbnail?pass=${pass}/../health`, {
        redirect: 'manual',
      });

      expect(mediaReceived.slice(before)).toEqual([
        `/media/photos/${PHOTO_ID}/thumbnail?pass=${pass}`,
        `/media/photos/${PHOTO_ID}/thumbnail`,
      ]);
    });

    it('refuses to forward anything but reads', async () => {
      const response = await fetch(`${gateway!.url}/media/photos/${PHOTO_ID}/thumbnail`, {
        method: 'DELETE',
      });

      expect(response.status).toBe(405);
    });
  });

  describe('pages of other origins', () => {
    beforeAll(async () => {
      await waitFor('the supergraph', async () => (await fetch(`${gateway!.url}/health`)).ok);
    });

    const preflight = (origin: string, path = '/graphql') =>
      fetch(`${gateway!.url}${path}`, {
        method: 'OPTIONS',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });

    it('answers the preflight of a configured dev origin, credentials and the Authorization header included', async () => {
      for (const path of ['/graphql', '/api/session']) {
        const response = await preflight(DEV_ORIGIN, path);

        expect(response.status).toBe(204);
        expect(response.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
        expect(response.headers.get('access-control-allow-credentials')).toBe('true');
        expect(response.headers.get('access-control-allow-headers')).toMatch(/\bAuthorization\b/);
        expect(response.headers.get('access-control-allow-headers')).toMatch(/\bContent-Type\b/);
        expect(response.headers.get('access-control-allow-methods')).toContain('POST');
      }
    });

    it("lets a configured dev origin's page read the answers", async () => {
      const answer = await graphql('{ authorizationReceived }', {
        origin: DEV_ORIGIN,
        authorization: 'Bearer owner-token',
      });
      expect(answer.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
      expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
      expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/i);
      expect(await answer.json()).toEqual({ data: { authorizationReceived: 'Bearer owner-token' } });

      const session = await fetch(`${gateway!.url}/api/session`, { headers: { origin: DEV_ORIGIN } });
      expect(session.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
    });

    it('gives any other origin no CORS answer, so its browser refuses to read', async () => {
      for (const origin of ['http://localhost:5174', 'https://evil.example', 'null']) {
        const answer = await preflight(origin);
        expect(answer.headers.get('access-control-allow-origin')).toBeNull();
        expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
        const read = await graphql('{ __typename }', { origin });
        expect(read.headers.get('access-control-allow-origin')).toBeNull();
      }
    });

    it('opens the live socket for its own pages, a dev origin and clients without an Origin; refuses other sites', async () => {
      const host = new URL(gateway!.url).host;
      for (const origin of [undefined, `http://${host}`, DEV_ORIGIN]) {
        const socket = await openSocket(origin);
        expect(socket).toBeInstanceOf(WebSocket);
        (socket as WebSocket).close();
      }
      expect(await openSocket('https://evil.example')).toBe(403);
      expect(await openSocket('http://localhost:5174')).toBe(403);
    });

    it('lets dev server pages show photos from /media (same site, another port)', async () => {
      const response = await fetch(`${gateway!.url}/media/photos/${PHOTO_ID}/thumbnail`, {
        redirect: 'manual',
      });
      expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
    });
  });

  describe('security headers', () => {
    it.each([
      ['a page', () => fetch(`${gateway!.url}/gallery/${GALLERY}`, { headers: { accept: 'text/html' } })],
      ['/graphql', () => graphql('{ __typename }')],
      ['/media', () => fetch(`${gateway!.url}/media/photos/${PHOTO_ID}/thumbnail`, { redirect: 'manual' })],
      ['an error', () => rawGet('/media/../health').then(() => fetch(`${gateway!.url}/media/../x`))],
    ])('are on %s', async (_what, answer) => {
      const response = await answer();
      const host = new URL(gateway!.url).host;
      const policy = Object.fromEntries(
        response.headers
          .get('content-security-policy')!
          .split(';')
          .map((directive) => directive.trim().split(/\s+/))
          .map(([name, ...values]) => [name, values]),
      );

      expect(policy).toEqual({
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'style-src': ["'self'"],
        'font-src': ["'self'", 'data:'],
        'img-src': ["'self'", 'data:', 'blob:', STORAGE_ORIGIN],
        'media-src': ["'self'", 'blob:', STORAGE_ORIGIN],
        'connect-src': ["'self'", `ws://${host}`, `wss://${host}`, STORAGE_ORIGIN],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
      });
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      // Served over http here: HSTS would be ignored, and wrong on a plain-http deployment.
      expect(response.headers.get('strict-transport-security')).toBeNull();
    });
  });

  describe('two replicas on one NATS', () => {
    let second: RunningGateway | undefined;

    beforeAll(async () => {
      second = await startGateway(
        {
          port: 0,
          natsUrl: nats!.url,
          eventsUrl: events!.url,
          mediaUrl: `http://127.0.0.1:${mediaPort}`,
          webDist,
          storagePublicUrl: STORAGE_ORIGIN,
        },
        silent,
      );
    });

    afterAll(() => second?.close());

    it('delivers every photo to the screens of both replicas, once each', async () => {
      const screens = [gateway!, second!, gateway!, second!].map((replica) => {
        const client = createClient({
          url: `${replica.url.replace(/^http/, 'ws')}/graphql`,
          webSocketImpl: WebSocket,
          retryAttempts: 0,
        });
        clients.push(client);
        const received: string[] = [];
        client.subscribe<{ photoAdded: { id: string } }>(
          { query: PHOTO_ADDED, variables: { eventCode: GALLERY } },
          {
            next: (result) => received.push(result.data!.photoAdded.id),
            error: () => undefined,
            complete: () => undefined,
          },
        );
        return received;
      });
      await waitFor(
        'two screens on each replica',
        () => gateway!.fanout.listenerCount(GALLERY) === 2 && second!.fanout.listenerCount(GALLERY) === 2,
      );

      const ids = [crypto.randomUUID(), crypto.randomUUID()];
      for (const id of ids)
        natsClient!.publish('photo.uploaded', JSON.stringify(photoUploaded(livePhoto(GALLERY, id))));

      await waitFor('every photo on every screen', () => screens.every((received) => received.length === 2));
      for (const received of screens) expect(received).toEqual(ids);
    });
  });

  describe('in production', () => {
    let production: RunningGateway | undefined;

    beforeAll(async () => {
      production = await startGateway(
        {
          port: 0,
          natsUrl: nats!.url,
          eventsUrl: events!.url,
          mediaUrl: `http://127.0.0.1:${mediaPort}`,
          webDist,
          production: true,
          publicUrl: 'https://gallery.example',
        },
        silent,
      );
      await waitFor('the production supergraph', async () => (await fetch(`${production!.url}/health`)).ok);
    });

    afterAll(() => production?.close());

    it('answers the queries the web app sends but hands out no schema', async () => {
      const ask = (query: string) =>
        fetch(`${production!.url}/graphql`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query }),
        }).then((response) => response.json() as Promise<Json>);

      expect(await ask(`{ event(code: "${GALLERY}") { name } }`)).toEqual({
        data: { event: { name: 'Sarah & Mike' } },
      });
      expect((await ask('{ __schema { types { name } } }')).errors[0].extensions.code).toBe(
        'GRAPHQL_VALIDATION_FAILED',
      );
    });

    it('hands out no schema over the live socket either', async () => {
      const client = createClient({
        url: `${production!.url.replace(/^http/, 'ws')}/graphql`,
        webSocketImpl: WebSocket,
        retryAttempts: 0,
      });
      clients.push(client);

      const errors = await subscriptionErrors(client, '{ __schema { types { name } } }');

      expect(errors).toContainEqual(
        expect.objectContaining({ message: expect.stringContaining('introspection') }),
      );
    });

    it('shows no GraphQL landing page', async () => {
      const response = await fetch(`${production!.url}/graphql`, { headers: { accept: 'text/html' } });

      expect(await response.text()).not.toMatch(/<html/i);
    });

    it('asks browsers to use https only when it is served over https', async () => {
      const response = await fetch(`${production!.url}/health`);

      expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
      expect(response.headers.get('content-security-policy')).toContain('https://*.amazonaws.com');
    });
  });

  describe('web app', () => {
    const page = (url: string) => fetch(`${gateway!.url}${url}`, { headers: { accept: 'text/html,*/*' } });

    it('serves index.html for the app routes, never cached', async () => {
      for (const route of ['/', '/gallery/SARAHMIKE']) {
        const response = await page(route);
        expect(response.status).toBe(200);
        expect(response.headers.get('cache-control')).toBe('no-cache');
        expect(await response.text()).toContain('<title>Live gallery</title>');
      }
    });

    it('serves the app to a client that does not say it wants HTML, but not for a missing asset', async () => {
      const home = await fetch(`${gateway!.url}/`);
      expect(home.status).toBe(200);
      expect(await home.text()).toContain('<title>Live gallery</title>');

      expect((await fetch(`${gateway!.url}/assets/missing-1234.js`)).status).toBe(404);
    });

    it('caches content-hashed assets for good', async () => {
      const response = await fetch(`${gateway!.url}/assets/app-3f9a.js`);

      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    });

    it('does not answer API paths with the app', async () => {
      for (const apiPath of ['/health/anything', '/api/anything']) {
        expect((await page(apiPath)).status).toBe(404);
      }
    });

    it('says so when the web app is not built', async () => {
      await rm(path.join(webDist, 'index.html'));

      const response = await page('/gallery/SARAHMIKE');

      expect(response.status).toBe(503);
      expect(await response.text()).toBe('web app not built: run npm run build');
    });
  });
});
