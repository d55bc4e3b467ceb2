import { beforeAll, describe, expect, it } from '@jest/globals';
import { findFreePort } from '@gallery/local-servers';
import { CLIENT_ADDRESS_HEADER } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import type { RunningGateway } from '../src/server.js';
import {
  PHOTO_ADDED,
  RATE_LIMITED_TOKEN,
  SERVICE_UNAVAILABLE_MESSAGE,
  type Json,
  useGatewayHarness,
} from './harness.js';

// The gateway composing the subgraphs into one API: before a subgraph answers, once it does, when it stops or
// is redeployed; the errors and headers it passes on, and who the caller of /api/session is.

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
