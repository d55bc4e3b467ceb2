import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from '@jest/globals';
import { SUBGRAPH_KEEP_ALIVE } from '@gallery/platform/edge';
import { CallerForwardingDataSource } from './caller-forwarding-data-source.js';

const ANSWER = { data: { ok: true } };

/**
 * A subgraph that keeps connections alive but, like any server whose keep-alive time runs out, drops a connection
 * left idle for `closesIdleAfterMs`: here at the very moment the next request arrives on it, the race that made a
 * gateway request fail with "socket hang up".
 */
async function subgraphClosingIdleConnections(closesIdleAfterMs: number) {
  const lastAnswerAt = new WeakMap<Socket, number>();
  let connections = 0;
  const server: Server = createServer((request, response) => {
    const idleSince = lastAnswerAt.get(request.socket);
    if (idleSince !== undefined && Date.now() - idleSince > closesIdleAfterMs) {
      request.socket.destroy();
      return;
    }
    request.resume();
    request.on('end', () => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify(ANSWER), () => lastAnswerAt.set(request.socket, Date.now()));
    });
  });
  server.keepAliveTimeout = 60_000;
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/graphql`;
  return {
    url,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function ask(source: CallerForwardingDataSource, url: string) {
  return source
    .fetcher(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ ok }' }),
    })
    .then((response) => response.json());
}

describe("the gateway's connections to a subgraph", () => {
  let subgraph: Awaited<ReturnType<typeof subgraphClosingIdleConnections>> | undefined;
  afterEach(async () => {
    await subgraph?.close();
    subgraph = undefined;
  });

  it('keeps connections alive for the requests that follow each other', async () => {
    subgraph = await subgraphClosingIdleConnections(SUBGRAPH_KEEP_ALIVE.gatewayIdleMs);
    const source = new CallerForwardingDataSource({ url: subgraph.url });
    for (let i = 0; i < 6; i++) await expect(ask(source, subgraph.url)).resolves.toEqual(ANSWER);
    // undici may open a second one while the first finishes its answer, not one a request.
    expect(subgraph.connections()).toBeLessThanOrEqual(2);
  });

  it('never sends a request on a connection the subgraph is closing: it closes idle ones first', async () => {
    // The subgraph drops a connection idle a little longer than the gateway keeps one.
    const closesIdleAfterMs = SUBGRAPH_KEEP_ALIVE.gatewayIdleMs + 300;
    subgraph = await subgraphClosingIdleConnections(closesIdleAfterMs);
    const source = new CallerForwardingDataSource({ url: subgraph.url });
    await expect(ask(source, subgraph.url)).resolves.toEqual(ANSWER);
    // The idle time is what is under test: the connection must sit unused past the subgraph's limit.
    await sleep(closesIdleAfterMs + 200);
    await expect(ask(source, subgraph.url)).resolves.toEqual(ANSWER);
    expect(subgraph.connections()).toBe(2);
  }, 15_000);
});
