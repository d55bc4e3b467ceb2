import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { findFreePort } from '@gallery/local-servers';
import { startTestNats, waitFor, type TestNats } from '@gallery/testing';
import { startGateway, type RunningGateway } from '../src/server.js';
import { composeSupergraph, unconfiguredSubgraphUrl } from '../src/supergraph/shipped-supergraph.js';
import { closeServer, FEDERATION, silent, startSubgraph } from './harness.js';

// A gateway is ready when it can serve (NATS and a supergraph), whatever subgraph is down: with the supergraph
// shipped with its build it serves from its first second, the missing subgraph's fields answered
// SERVICE_UNAVAILABLE. The subgraphs' health is a report for the machine itself only.

const EVENTS_SDL = `${FEDERATION}
  type Event @key(fields: "code") { code: ID! name: String! }
  type Query { event(code: String!): Event }`;
const MEDIA_SDL = `${FEDERATION}
  type Event @key(fields: "code") { code: ID! photoCount: Int! }`;

type Answer = { data?: unknown; errors?: { extensions?: { code?: string } }[] };

const startEvents = () =>
  startSubgraph({
    sdl: EVENTS_SDL,
    resolvers: {
      Query: { event: (_: unknown, { code }: { code: string }) => ({ code, name: 'Sarah & Mike' }) },
      Event: { __resolveReference: (ref: { code: string }) => ({ ...ref, name: 'Sarah & Mike' }) },
    },
  });
const startMedia = (port: number) =>
  startSubgraph({
    sdl: MEDIA_SDL,
    resolvers: { Event: { __resolveReference: (ref: { code: string }) => ({ ...ref, photoCount: 3 }) } },
    port,
  });

/** An address of this machine outside the loopback interface, if it has one. */
const outsideAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((address) => address && address.family === 'IPv4' && !address.internal)?.address;

describe('gateway readiness and the operators report', () => {
  let nats: TestNats | undefined;
  let events: { url: string; stop(): Promise<void> } | undefined;
  let media: { stop(): Promise<void> } | undefined;
  let hung: Server | undefined;
  let mediaPort: number;
  const gateways: RunningGateway[] = [];

  beforeAll(async () => {
    nats = await startTestNats({ monitor: true });
    events = await startEvents();
    mediaPort = await findFreePort();
  });

  afterAll(async () => {
    for (const gateway of gateways) await gateway.close();
    await media?.stop();
    if (hung) await closeServer(hung);
    await events?.stop();
    await nats?.stop();
  });

  async function gatewayWith(mediaUrl: string, supergraphSdl?: string): Promise<RunningGateway> {
    const gateway = await startGateway(
      {
        port: 0,
        natsUrl: nats!.url,
        eventsUrl: events!.url,
        mediaUrl,
        webDist: os.tmpdir(),
        // Served on this machine's outside address as well: a caller there reaches the routes, not a 421.
        publicUrl: outsideAddress ? `http://${outsideAddress}` : undefined,
        supergraphSdl,
        pollIntervalMs: 200,
        compositionRetryMs: { initial: 100, max: 200 },
      },
      silent,
    );
    gateways.push(gateway);
    return gateway;
  }

  const shipped = () =>
    composeSupergraph([
      { name: 'events', url: unconfiguredSubgraphUrl('events'), sdl: EVENTS_SDL },
      { name: 'media', url: unconfiguredSubgraphUrl('media'), sdl: MEDIA_SDL },
    ]);

  async function ask(gateway: RunningGateway, query: string): Promise<Answer> {
    const response = await fetch(`${gateway.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query }),
    });
    return (await response.json()) as Answer;
  }

  const readiness = (gateway: RunningGateway) => fetch(`${gateway.url}/health/ready`);

  describe('with the shipped supergraph, started while media is down', () => {
    let gateway: RunningGateway;

    beforeAll(async () => {
      gateway = await gatewayWith(`http://127.0.0.1:${mediaPort}`, shipped());
    });

    it('is ready as soon as NATS answers, naming nothing but its own checks', async () => {
      const response = await waitFor('readiness', async () => {
        const answer = await readiness(gateway);
        return answer.ok ? answer : undefined;
      });
      expect(await response.json()).toEqual({ status: 'ok', checks: { nats: 'ok', supergraph: 'ok' } });
    });

    // The live feed, zip progress, custom domains and live admission share it: an outage is one event for all.
    it('holds one NATS connection, whatever it subscribes to and asks over it', async () => {
      const connz = (await (await fetch(`${nats!.monitorUrl}/connz?subs=1`)).json()) as {
        connections: { name?: string; subscriptions_list?: string[] }[];
      };
      const gatewayLinks = connz.connections.filter((connection) => connection.name?.startsWith('gateway'));
      expect(gatewayLinks.map((connection) => connection.name)).toEqual(gateways.map(() => 'gateway'));
      expect(gatewayLinks[0].subscriptions_list).toEqual(
        expect.arrayContaining(['photo.uploaded', 'event.privacy-changed', 'live.archive.progress.*']),
      );
    });

    it("answers events' fields and SERVICE_UNAVAILABLE for media's", async () => {
      const answer = await ask(gateway, '{ event(code: "SARAHMIKE") { name photoCount } }');

      expect(answer.data).toEqual({ event: null });
      expect(answer.errors?.map((error) => error.extensions?.code)).toContain('SERVICE_UNAVAILABLE');
      const nameOnly = await ask(gateway, '{ event(code: "SARAHMIKE") { name } }');
      expect(nameOnly).toEqual({ data: { event: { name: 'Sarah & Mike' } } });
    });

    it('answers media once it is up, with nothing to compose', async () => {
      media = await startMedia(mediaPort);

      expect(await ask(gateway, '{ event(code: "SARAHMIKE") { name photoCount } }')).toEqual({
        data: { event: { name: 'Sarah & Mike', photoCount: 3 } },
      });
    });
  });

  describe('with a subgraph that takes connections and never answers', () => {
    it('gives its fields up within the deadline and stays ready', async () => {
      hung = createServer(() => undefined);
      await new Promise<void>((resolve) => hung!.listen(0, '127.0.0.1', resolve));
      const gateway = await gatewayWith(
        `http://127.0.0.1:${(hung.address() as AddressInfo).port}`,
        shipped(),
      );
      await waitFor('readiness', async () => (await readiness(gateway)).ok);

      const answer = await ask(gateway, '{ event(code: "SARAHMIKE") { name photoCount } }');

      expect(answer.errors?.map((error) => error.extensions?.code)).toContain('SERVICE_UNAVAILABLE');
      expect((await readiness(gateway)).status).toBe(200);
    });
  });

  describe('composing at run time (SUPERGRAPH=composed)', () => {
    it('is not ready before its first composition, and stays ready when a subgraph goes away after', async () => {
      const port = await findFreePort();
      const gateway = await gatewayWith(`http://127.0.0.1:${port}`);
      const before = await readiness(gateway);
      expect(before.status).toBe(503);
      expect(await before.json()).toEqual({
        status: 'unavailable',
        checks: { nats: 'ok', supergraph: 'not composed yet' },
      });

      const late = await startMedia(port);
      await waitFor('the composition', async () => (await readiness(gateway)).ok);
      await late.stop();

      expect((await readiness(gateway)).status).toBe(200);
    });
  });

  describe('the subgraphs report, /health', () => {
    let gateway: RunningGateway;

    beforeAll(async () => {
      gateway = await gatewayWith(`http://127.0.0.1:${await findFreePort()}`, shipped());
    });

    it('names each subgraph to a caller on this machine', async () => {
      const response = await fetch(`${gateway.url}/health`);

      expect(response.status).toBe(503);
      expect(await response.json()).toEqual({
        status: 'unavailable',
        checks: { nats: 'ok', supergraph: 'ok', events: 'ok', media: 'not answering' },
      });
    });

    it('is a plain 404 for a request a proxy relayed, whatever address it claims', async () => {
      const relayed: Record<string, string>[] = [
        { 'x-forwarded-for': '127.0.0.1' },
        { forwarded: 'for=127.0.0.1' },
        { 'x-real-ip': '127.0.0.1' },
      ];
      for (const headers of relayed) {
        const response = await fetch(`${gateway.url}/health`, { headers });
        expect(response.status).toBe(404);
        expect(JSON.stringify(await response.json())).not.toContain('media');
      }
    });

    (outsideAddress ? it : it.skip)('is a plain 404 for a caller from another machine', async () => {
      const response = await fetch(`http://${outsideAddress}:${gateway.port}/health`);

      expect(response.status).toBe(404);
      expect((await fetch(`http://${outsideAddress}:${gateway.port}/health/ready`)).status).toBe(200);
    });
  });
});
