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
import { API_LIMITS, englishMessage, type DomainEvent, type LivePhoto } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, EventBus } from '@gallery/platform';
import { startTestNats, type TestNats } from '@gallery/testing';
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
const STORAGE_ORIGIN = 'http://127.0.0.1:4569';
const PHOTO_ID = '0b9f6a1e-4c2d-4e8f-9a3b-5d7c1e2f3a4b';

const FEDERATION = 'extend schema @link(url: "https://specs.apollo.dev/federation/v2.0", import: ["@key"])';

/** The events subgraph in miniature: a gallery's own fields, the caller's headers, three kinds of failure. */
async function startEventsSubgraph(): Promise<{ url: string; stop(): Promise<void> }> {
  const server = new ApolloServer({
    logger: silent,
    schema: buildSubgraphSchema({
      typeDefs: parse(`${FEDERATION}
        type Event @key(fields: "code") { code: ID! name: String! }
        type Query {
          event(code: String!): Event
          authorizationReceived: String
          clientAddressReceived: String
          missingGallery: Event
          databaseDown: String
          crash: String
        }`),
      resolvers: {
        Query: {
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
  app.use((req, _res, next) => {
    received.push(req.originalUrl);
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

function livePhoto(eventCode: string, id: string): LivePhoto {
  return {
    id,
    eventCode,
    thumbnailUrl: `/media/photos/${id}/thumbnail`,
    previewUrl: `/media/photos/${id}/preview`,
    originalUrl: `/media/photos/${id}/original`,
    width: 1600,
    height: 1200,
    createdAt: new Date().toISOString(),
  };
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
  const logger = { debug: jest.fn(), info: jest.fn(), warn: jest.fn(), error: jest.fn() };

  beforeAll(async () => {
    nats = await startTestNats();
    natsClient = await connect({ servers: nats.url });
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

  describe('before every subgraph answers', () => {
    it('reports the missing supergraph on /health', async () => {
      const response = await fetch(`${gateway!.url}/health`);

      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'unavailable',
        checks: { nats: 'ok', supergraph: 'not composed yet', events: 'ok', media: 'not answering' },
      });
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

  describe('once the late subgraph starts', () => {
    beforeAll(async () => {
      media = await startMediaService(mediaPort);
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
      media = await startMediaService(mediaPort);

      expect(((await response.json()) as Json).errors).toEqual([
        {
          message: 'The gallery service is not answering right now. Please try again in a moment.',
          extensions: { code: 'SERVICE_UNAVAILABLE' },
        },
      ]);
    });

    it('picks up a redeployed subgraph with a new field', async () => {
      await media!.stop();
      media = await startMediaService(mediaPort, 'coverPhotoId: ID');

      const body = await waitFor('the new field', async () => {
        const answer: Json = await (await graphql('{ event(code: "SARAHMIKE") { coverPhotoId } }')).json();
        return answer.data ? answer : undefined;
      });
      expect(body).toEqual({ data: { event: { coverPhotoId: 'p1' } } });
    });
  });

  describe('live photos', () => {
    const ID_1 = crypto.randomUUID(),
      ID_2 = crypto.randomUUID(),
      ID_BAD = crypto.randomUUID(),
      ID_GOOD = crypto.randomUUID(),
      ID_JS = crypto.randomUUID(),
      ID_AFTER_RESTART = crypto.randomUUID();
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
      const stream = subscribeToGallery(GALLERY);
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

    it('refuses to forward anything but reads', async () => {
      const response = await fetch(`${gateway!.url}/media/photos/${PHOTO_ID}/thumbnail`, {
        method: 'DELETE',
      });

      expect(response.status).toBe(405);
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
      const response = await page('/health/anything');

      expect(response.status).toBe(404);
    });

    it('says so when the web app is not built', async () => {
      await rm(path.join(webDist, 'index.html'));

      const response = await page('/gallery/SARAHMIKE');

      expect(response.status).toBe(503);
      expect(await response.text()).toBe('web app not built: run npm run build');
    });
  });
});
