import { afterEach, describe, expect, it, jest } from '@jest/globals';
import WebSocket from 'ws';
import { API_LIMITS } from '@gallery/contracts';
import { waitFor } from '@gallery/testing';
import { GALLERY, livePhoto, PHOTO_ADDED, type Json, useGatewayHarness } from './harness.js';

// What one request, one socket and one client may ask of the gateway, over HTTP and on the live socket: each
// limit of API_LIMITS refused with a clear error at one more than it allows.

const harness = useGatewayHarness();

const graphql = (query: string) => harness.graphql(query);

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

describe('live limits', () => {
  afterEach(() => harness.releaseLive());

  it('refuses a subscription with 20,000 aliases', async () => {
    const aliases = Array.from({ length: 20_000 }, (_, i) => `a${i}: id`).join(' ');
    const closed: number[] = [];
    const client = harness.liveClient({
      on: { closed: (event) => closed.push((event as { code: number }).code) },
    });

    await harness.subscriptionErrors(
      client,
      `subscription { photoAdded(eventCode: "${GALLERY}") { ${aliases} } }`,
    );

    // Far larger than one socket message may be: the socket is closed before the document is read.
    expect(closed).toEqual([1009]);
    expect(harness.gateway.fanout.listenerCount()).toBe(0);
  });

  it('refuses a subscription with more aliases than the limit, as over HTTP', async () => {
    const aliases = Array.from({ length: API_LIMITS.maxAliases + 1 }, (_, i) => `a${i}: id`).join(' ');

    const errors = await harness.subscriptionErrors(
      harness.liveClient(),
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

    const errors = await harness.subscriptionErrors(
      harness.liveClient(),
      `subscription { photoAdded(eventCode: "${GALLERY}") { ${fields} } }`,
    );

    expect(errors).toEqual([
      expect.objectContaining({
        message: `Syntax Error: Document contains more that ${API_LIMITS.maxTokens} tokens. Parsing aborted.`,
      }),
    ]);
  });

  it('closes a socket sent a 4 MB message', async () => {
    const socket = await harness.openSocket();
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
    const errors = await harness.subscriptionErrors(harness.liveClient(), PHOTO_ADDED, {
      eventCode: 'SARAHMIKE',
    });

    expect(errors).toEqual([
      expect.objectContaining({ message: 'Gallery not found', extensions: { code: 'GALLERY_NOT_FOUND' } }),
    ]);
    expect(harness.gateway.fanout.listenerCount()).toBe(0);
  });

  it('refuses one subscription more than a socket may hold', async () => {
    const client = harness.liveClient();
    for (let n = 0; n < API_LIMITS.subscriptionsPerSocket; n++) {
      const stream = client.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
      harness.keep(stream);
      void stream.next().catch(() => undefined);
    }
    await waitFor('the allowed subscriptions', async () =>
      harness.gateway.fanout.listenerCount(GALLERY) === API_LIMITS.subscriptionsPerSocket ? true : undefined,
    );

    const errors = await harness.subscriptionErrors(client, PHOTO_ADDED, { eventCode: GALLERY });

    expect(errors).toEqual([
      expect.objectContaining({
        message: `A connection may hold at most ${API_LIMITS.subscriptionsPerSocket} live subscriptions.`,
      }),
    ]);
    expect(harness.gateway.fanout.listenerCount(GALLERY)).toBe(API_LIMITS.subscriptionsPerSocket);
  });

  it('refuses one socket more than a client may open', async () => {
    const sockets: WebSocket[] = [];
    try {
      for (let n = 0; n < API_LIMITS.socketsPerClient; n++) {
        const socket = await harness.openSocket();
        if (typeof socket === 'number') throw new Error(`socket ${n + 1} refused: ${socket}`);
        sockets.push(socket);
      }

      expect(await harness.openSocket()).toBe(429);
    } finally {
      await Promise.all(
        sockets.map((socket) => new Promise((resolve) => socket.once('close', resolve).close())),
      );
    }
    const again = await harness.openSocket();
    expect(again).toBeInstanceOf(WebSocket);
    (again as WebSocket).close();
  });

  it('closes the socket of a screen that fell behind, so its client reconnects and re-reads', async () => {
    const closed: number[] = [];
    let connections = 0;
    const client = harness.liveClient({
      retryAttempts: 1,
      retryWait: () => Promise.resolve(),
      on: {
        connected: () => connections++,
        closed: (event) => closed.push((event as { code: number }).code),
      },
    });
    const stream = client.iterate({ query: PHOTO_ADDED, variables: { eventCode: GALLERY } });
    harness.keep(stream);
    void stream.next().catch(() => undefined);
    await waitFor('the subscription', async () => harness.gateway.fanout.listenerCount(GALLERY) === 1);

    // Published in one go: the socket cannot send any of them before the queue is full.
    for (let n = 0; n <= API_LIMITS.eventsQueuedPerSubscription + 1; n++) {
      harness.gateway.fanout.publish(livePhoto(GALLERY, crypto.randomUUID()));
    }

    await waitFor('the socket to be closed', async () => (closed.length > 0 ? true : undefined));
    expect(closed[0]).toBe(1013);
    await waitFor('the client to reconnect', async () => connections === 2);
  });
});
