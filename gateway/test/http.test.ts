import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { API_LIMITS } from '@gallery/contracts';
import { findFreePort } from '@gallery/local-servers';
import { CLIENT_ADDRESS_HEADER } from '@gallery/platform/edge';
import { waitFor } from '@gallery/testing';
import type { RunningGateway } from '../src/server.js';
import {
  DEV_ORIGIN,
  GALLERY,
  PHOTO_ADDED,
  PHOTO_ID,
  RATE_LIMITED_TOKEN,
  SERVICE_UNAVAILABLE_MESSAGE,
  STORAGE_ORIGIN,
  type Json,
  useGatewayHarness,
} from './harness.js';

// The gateway over HTTP: composing the subgraphs into one API (before a subgraph answers, once it does, when it
// stops or is redeployed), the errors and headers it passes on, who the caller of /api/session is, what one
// request may ask, and the one origin a browser sees: photo links forwarded to media, the web app, pages of other
// origins (the dev server), the security headers on every answer, and what it hides in production.

const harness = useGatewayHarness();

const graphql = (query: string, headers?: Record<string, string>) => harness.graphql(query, headers);

describe('before every subgraph answers', () => {
  let waiting: RunningGateway;

  beforeAll(async () => {
    // Its media subgraph is never up: the port is free.
    waiting = await harness.startGateway({
      mediaUrl: `http://127.0.0.1:${await findFreePort()}`,
      pollIntervalMs: 200,
      compositionRetryMs: { initial: 100, max: 200 },
    });
  });

  it('reports the missing supergraph on /health', async () => {
    const response = await fetch(`${waiting.url}/health`);

    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      status: 'unavailable',
      checks: { nats: 'ok', supergraph: 'not composed yet', events: 'ok', media: 'not answering' },
    });
  });

  it('stays live for the liveness probe while a subgraph is missing', async () => {
    const response = await fetch(`${waiting.url}/health/live`);

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('answers queries with a clear SERVICE_UNAVAILABLE error', async () => {
    const response = await fetch(`${waiting.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ event(code: "SARAHMIKE") { name } }' }),
    });

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

  describe('GET /api/session', () => {
    it('says the service is not answering yet, so the browser may ask again', async () => {
      const response = await fetch(`${waiting.url}/api/session`, {
        headers: { authorization: 'Bearer some-token' },
      });

      expect(response.status).toBe(503);
      expect(((await response.json()) as Json).errors[0].extensions).toEqual({ code: 'SERVICE_UNAVAILABLE' });
    });
  });
});

describe('once the late subgraph starts', () => {
  it('is healthy', async () => {
    const response = await fetch(`${harness.gateway.url}/health`);

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
    await harness.stopMedia();
    const response = await graphql('{ event(code: "SARAHMIKE") { name photoCount } }');
    await harness.startMedia();

    expect(((await response.json()) as Json).errors).toEqual([
      {
        message: 'The gallery service is not answering right now. Please try again in a moment.',
        extensions: { code: 'SERVICE_UNAVAILABLE' },
      },
    ]);
  });

  it('picks up a redeployed subgraph with a new field', async () => {
    await harness.stopMedia();
    await harness.startMedia('coverPhotoId: ID');

    const body = await waitFor('the new field', async () => {
      const answer: Json = await (await graphql('{ event(code: "SARAHMIKE") { coverPhotoId } }')).json();
      return answer.data ? answer : undefined;
    });
    expect(body).toEqual({ data: { event: { coverPhotoId: 'p1' } } });
  });
});

describe('callers and failures', () => {
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
    await harness.stopMedia();
    const response = await fetch(`${harness.gateway.url}/health`);
    await harness.startMedia();

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
    await fetch(`${harness.gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: token },
      body: '{',
    });
    const client = harness.liveClient({ connectionParams: { authorization: token } });
    await harness.subscriptionErrors(client, PHOTO_ADDED, { eventCode: 'SARAHMIKE' });

    const { logger } = harness;
    const logged = JSON.stringify(
      [logger.debug, logger.info, logger.warn, logger.error].flatMap((log) => log.mock.calls),
    );
    expect(logger.error).toHaveBeenCalled();
    expect(logged).not.toContain('owner-token-that-must-not-be-logged');
  });
});

describe('GET /api/session', () => {
  const session = (headers: Record<string, string> = {}) =>
    fetch(`${harness.gateway.url}/api/session`, { headers });

  it('answers the owner of a live session token, never to be cached', async () => {
    harness.sessions.set('live-token', 'sarah@example.com');
    const response = await session({ authorization: 'Bearer live-token' });

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.json()).toEqual({ email: 'sarah@example.com' });
  });

  it('answers 401 without a token, for an unknown one and for one longer than any session token', async () => {
    // The stand-in would know this one: only the length limit keeps it from being asked.
    harness.sessions.set('x'.repeat(101), 'long@example.com');
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
    harness.sessions.set('signed-out-token', 'mike@example.com');
    expect((await session({ authorization: 'Bearer signed-out-token' })).status).toBe(200);
    const signOut = await graphql('mutation { signOut }', { authorization: 'Bearer signed-out-token' });
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
      i === count - 1 ? `fragment F${i} on Query { __typename }` : `fragment F${i} on Query { ...F${i + 1} }`,
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

  /** `__typename` under `levels` inline fragments on Query, one inside the other: depth `levels + 1`. */
  const nested = (levels: number, inner = '__typename') =>
    `${'... on Query { '.repeat(levels)}${inner}${' }'.repeat(levels)}`;

  /**
   * A document of exactly `cost` (at least 4930) by graphql-armor's count, where a field costs 1 and a selection
   * set 2 and 1.5 times what it holds: F0 with its chain of fragments (four levels of four spreads) costs 4920.25,
   * the spread of G 6.25, the inline fragment 3.5, and each `__typename` at the top 1 more. Repeated fields are
   * few: graphql-js gives up comparing hundreds of them ("Validation aborted.").
   */
  const costing = (cost: number) =>
    `{ ...F0 ...G ... on Query { __typename } ${'__typename '.repeat(cost - 4930)}} ` +
    Array.from({ length: 4 }, (_, i) =>
      i === 3
        ? `fragment F${i} on Query { __typename }`
        : `fragment F${i} on Query { ${`...F${i + 1} `.repeat(4)}}`,
    ).join(' ') +
    ' fragment G on Query { __typename }';

  /** Each limit of graphql-armor's: a document of `n` of what it counts (depth, directives, cost), and its name. */
  const LIMITED = [
    ['depth', 'Query depth', API_LIMITS.maxDepth, (n: number) => `{ ${nested(n - 1)} }`],
    [
      'directives',
      'Directives',
      API_LIMITS.maxDirectives,
      (n: number) => `{ ${'__typename @include(if: true) '.repeat(n)} }`,
    ],
    ['cost', 'Query Cost', API_LIMITS.maxCost, costing],
  ] as const;

  it.each(LIMITED)(
    'refuses a query one over its %s limit, naming the limit',
    async (_what, name, limit, document) => {
      const response = await graphql(document(limit + 1));
      const body: Json = await response.json();

      expect(response.status).toBe(400);
      expect(body.errors).toEqual([
        {
          message: `Syntax Error: ${name} limit of ${limit} exceeded, found ${limit + 1}.`,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        },
      ]);
      expect(body.data).toBeUndefined();
    },
  );

  it.each(LIMITED)('answers a query at its %s limit', async (_what, _name, limit, document) => {
    const response = await graphql(document(limit));

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('answers a malformed JSON body with a JSON error and no stack or path', async () => {
    const response = await fetch(`${harness.gateway.url}/graphql`, {
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

describe('media', () => {
  it("passes the media service's redirect and cache headers through without following it", async () => {
    await waitFor('the media service', async () => (await fetch(`${harness.gateway.url}/health`)).ok);

    const response = await fetch(`${harness.gateway.url}/media/photos/${PHOTO_ID}/thumbnail`, {
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
    const before = harness.mediaReceived.length;

    const response = await harness.rawGet(rawPath);

    expect(response.status).toBe(404);
    expect(harness.mediaReceived.slice(before)).toEqual([]);
  });

  it('forwards the photo link alone, without what the client added to it', async () => {
    const before = harness.mediaReceived.length;

    await fetch(`${harness.gateway.url}/media/photos/${PHOTO_ID}/thumbnail?x=/../health`, {
      redirect: 'manual',
    });

    expect(harness.mediaReceived.slice(before)).toEqual([`/media/photos/${PHOTO_ID}/thumbnail`]);
  });

  it("forwards a photo's pass, and only a well-formed one", async () => {
    const pass = 'A'.repeat(42) + 'z';
    const before = harness.mediaReceived.length;

    await fetch(`${harness.gateway.url}/media/photos/${PHOTO_ID}/thumbnail?x=1&pass=${pass}`, {
      redirect: 'manual',
    });
    await fetch(`${harness.gateway.url}/media/photos/${PHOTO_ID}/thumbnail?pass=${pass}/../health`, {
      redirect: 'manual',
    });

    expect(harness.mediaReceived.slice(before)).toEqual([
      `/media/photos/${PHOTO_ID}/thumbnail?pass=${pass}`,
      `/media/photos/${PHOTO_ID}/thumbnail`,
    ]);
  });

  it('refuses to forward anything but reads', async () => {
    const response = await fetch(`${harness.gateway.url}/media/photos/${PHOTO_ID}/thumbnail`, {
      method: 'DELETE',
    });

    expect(response.status).toBe(405);
  });
});

describe('pages of other origins', () => {
  beforeAll(async () => {
    await waitFor('the supergraph', async () => (await fetch(`${harness.gateway.url}/health`)).ok);
  });

  const preflight = (origin: string, path = '/graphql') =>
    fetch(`${harness.gateway.url}${path}`, {
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
    const answer = await harness.graphql('{ authorizationReceived }', {
      origin: DEV_ORIGIN,
      authorization: 'Bearer owner-token',
    });
    expect(answer.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
    expect(answer.headers.get('access-control-allow-credentials')).toBe('true');
    expect(answer.headers.get('vary')).toMatch(/\bOrigin\b/i);
    expect(await answer.json()).toEqual({ data: { authorizationReceived: 'Bearer owner-token' } });

    const session = await fetch(`${harness.gateway.url}/api/session`, { headers: { origin: DEV_ORIGIN } });
    expect(session.headers.get('access-control-allow-origin')).toBe(DEV_ORIGIN);
  });

  it('gives any other origin no CORS answer, so its browser refuses to read', async () => {
    for (const origin of ['http://localhost:5174', 'https://evil.example', 'null']) {
      const answer = await preflight(origin);
      expect(answer.headers.get('access-control-allow-origin')).toBeNull();
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      const read = await harness.graphql('{ __typename }', { origin });
      expect(read.headers.get('access-control-allow-origin')).toBeNull();
    }
  });

  it('opens the live socket for its own pages, a dev origin and clients without an Origin; refuses other sites', async () => {
    const host = new URL(harness.gateway.url).host;
    for (const origin of [undefined, `http://${host}`, DEV_ORIGIN]) {
      const socket = await harness.openSocket(origin);
      expect(socket).toBeInstanceOf(WebSocket);
      (socket as WebSocket).close();
    }
    expect(await harness.openSocket('https://evil.example')).toBe(403);
    expect(await harness.openSocket('http://localhost:5174')).toBe(403);
  });

  it('lets dev server pages show photos from /media (same site, another port)', async () => {
    const response = await fetch(`${harness.gateway.url}/media/photos/${PHOTO_ID}/thumbnail`, {
      redirect: 'manual',
    });
    expect(response.headers.get('cross-origin-resource-policy')).toBe('same-site');
  });
});

describe('security headers', () => {
  it.each([
    [
      'a page',
      () => fetch(`${harness.gateway.url}/gallery/${GALLERY}`, { headers: { accept: 'text/html' } }),
    ],
    ['/graphql', () => harness.graphql('{ __typename }')],
    [
      '/media',
      () => fetch(`${harness.gateway.url}/media/photos/${PHOTO_ID}/thumbnail`, { redirect: 'manual' }),
    ],
    [
      'an error',
      () => harness.rawGet('/media/../health').then(() => fetch(`${harness.gateway.url}/media/../x`)),
    ],
  ])('are on %s', async (_what, answer) => {
    const response = await answer();
    const host = new URL(harness.gateway.url).host;
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

describe('in production', () => {
  let production: RunningGateway;

  beforeAll(async () => {
    production = await harness.startGateway({ production: true, publicUrl: 'https://gallery.example' });
    await waitFor('the production supergraph', async () => (await fetch(`${production.url}/health`)).ok);
  });

  it('answers the queries the web app sends but hands out no schema', async () => {
    const ask = (query: string) =>
      fetch(`${production.url}/graphql`, {
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
    const client = harness.liveClient({}, production);

    const errors = await harness.subscriptionErrors(client, '{ __schema { types { name } } }');

    expect(errors).toContainEqual(
      expect.objectContaining({ message: expect.stringContaining('introspection') }),
    );
  });

  it('shows no GraphQL landing page', async () => {
    const response = await fetch(`${production.url}/graphql`, { headers: { accept: 'text/html' } });

    expect(await response.text()).not.toMatch(/<html/i);
  });

  it('asks browsers to use https only when it is served over https', async () => {
    const response = await fetch(`${production.url}/health`);

    expect(response.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(response.headers.get('content-security-policy')).toContain('https://*.amazonaws.com');
  });
});

describe('web app', () => {
  const page = (url: string) =>
    fetch(`${harness.gateway.url}${url}`, { headers: { accept: 'text/html,*/*' } });

  it('serves index.html for the app routes, never cached', async () => {
    for (const route of ['/', '/gallery/SARAHMIKE']) {
      const response = await page(route);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      expect(await response.text()).toContain('<title>Live gallery</title>');
    }
  });

  it('serves the app to a client that does not say it wants HTML, but not for a missing asset', async () => {
    const home = await fetch(`${harness.gateway.url}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('<title>Live gallery</title>');

    expect((await fetch(`${harness.gateway.url}/assets/missing-1234.js`)).status).toBe(404);
  });

  it('caches content-hashed assets for good', async () => {
    const response = await fetch(`${harness.gateway.url}/assets/app-3f9a.js`);

    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('does not answer API paths with the app', async () => {
    for (const apiPath of ['/health/anything', '/api/anything']) {
      expect((await page(apiPath)).status).toBe(404);
    }
  });

  it('says so when the web app is not built', async () => {
    const index = path.join(harness.webDist, 'index.html');
    const built = await readFile(index);
    await rm(index);
    try {
      const response = await page('/gallery/SARAHMIKE');

      expect(response.status).toBe(503);
      expect(await response.text()).toBe('web app not built: run npm run build');
    } finally {
      await writeFile(index, built);
    }
  });
});
