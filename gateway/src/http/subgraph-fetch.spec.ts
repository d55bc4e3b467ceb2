import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from '@jest/globals';
import { SUBGRAPH_DEADLINES } from '@gallery/contracts';
import { subgraphDeadlineMs, subgraphFetcher } from './subgraph-fetch.js';

interface Seen {
  method?: string;
  headers: IncomingMessage['headers'];
  body: string;
}

/** A subgraph answering `status` with `body` and a few headers, remembering what it was sent. */
async function subgraph(status: number, body: string) {
  const seen: Seen[] = [];
  const server: Server = createServer((request, response) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (text += chunk));
    request.on('end', () => {
      seen.push({ method: request.method, headers: request.headers, body: text });
      response.statusCode = status;
      response.setHeader('content-type', 'application/json; charset=utf-8');
      response.setHeader('cache-control', 'private, max-age=0');
      response.setHeader('set-cookie', ['a=1', 'b=2']);
      response.end(body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

describe('subgraphFetcher, the GraphQL requests to the subgraphs', () => {
  let running: Awaited<ReturnType<typeof subgraph>> | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('sends the method, headers and body as given and answers as fetch would', async () => {
    running = await subgraph(200, '{"data":{"ok":true}}');
    const body = JSON.stringify({
      query: 'mutation { confirmPhotoUpload(eventCode: "É", uploadId: "1") { id } }',
    });
    const response = await subgraphFetcher(running.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: 'Bearer owner',
        'x-client-address': '203.0.113.9',
      },
      body,
    });
    expect(running.seen).toEqual([
      {
        method: 'POST',
        headers: expect.objectContaining({
          'content-type': 'application/json',
          authorization: 'Bearer owner',
          'x-client-address': '203.0.113.9',
        }),
        body,
      },
    ]);
    expect(response.ok).toBe(true);
    expect(response.status).toBe(200);
    expect(response.url).toBe(running.url);
    expect(response.headers.get('Content-Type')).toBe('application/json; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('private, max-age=0');
    expect(response.headers.get('set-cookie')).toBe('a=1, b=2');
    await expect(response.json()).resolves.toEqual({ data: { ok: true } });
    await expect(response.clone().text()).resolves.toBe('{"data":{"ok":true}}');
  });

  it("answers a subgraph's error status as not ok, with its body and status text", async () => {
    running = await subgraph(503, '{"errors":[{"message":"down"}]}');
    const response = await subgraphFetcher(running.url, { method: 'POST', body: '{}' });
    expect(response.ok).toBe(false);
    expect(response.status).toBe(503);
    expect(response.statusText).toBe('Service Unavailable');
    await expect(response.json()).resolves.toEqual({ errors: [{ message: 'down' }] });
  });

  it('rejects when the request is aborted', async () => {
    running = await subgraph(200, '{}');
    await expect(
      subgraphFetcher(running.url, { method: 'POST', body: '{}', signal: AbortSignal.abort() }),
    ).rejects.toThrow();
  });

  it('rejects when no subgraph answers', async () => {
    running = await subgraph(200, '{}');
    const { url } = running;
    await running.close();
    running = undefined;
    await expect(subgraphFetcher(url, { method: 'POST', body: '{}' })).rejects.toThrow();
  });

  it('gives up a subgraph that takes the connection but never answers, as unavailable', async () => {
    const hung = createServer(() => undefined);
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(hung.address() as AddressInfo).port}/graphql`;
    try {
      const failure = await subgraphFetcher(url, { method: 'POST', body: '{"query":"{ a }"}' }).catch(
        (error: unknown) => error,
      );

      expect(failure).toMatchObject({
        code: 'ETIMEDOUT',
        message: `${url} gave no answer within ${SUBGRAPH_DEADLINES.queryMs} ms`,
      });
    } finally {
      hung.closeAllConnections();
      await new Promise((resolve) => hung.close(resolve));
    }
  });
});

describe('subgraphDeadlineMs', () => {
  it("gives a mutation the mutations' deadline, anything else the queries'", () => {
    const body = (query: string) => JSON.stringify({ query, variables: {} });
    expect(
      subgraphDeadlineMs(body('mutation Pay__billing__0($id:ID!){payDemoCheckout(id:$id){status}}')),
    ).toBe(SUBGRAPH_DEADLINES.mutationMs);
    expect(subgraphDeadlineMs(body('query Gallery__media__1{_entities{id}}'))).toBe(
      SUBGRAPH_DEADLINES.queryMs,
    );
    expect(subgraphDeadlineMs(body('{me{email}}'))).toBe(SUBGRAPH_DEADLINES.queryMs);
    expect(subgraphDeadlineMs(undefined)).toBe(SUBGRAPH_DEADLINES.queryMs);
  });
});
