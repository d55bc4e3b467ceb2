import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TLSSocket } from 'node:tls';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { connect, type NatsConnection } from '@nats-io/transport-node';
import { request } from 'undici';
import WebSocket from 'ws';
import { Requests, Subjects, type DomainEvent } from '@gallery/contracts';
import { findFreePort, startCaddy, type LocalCaddy } from '@gallery/local-servers';
import { startTestNats, waitFor, type TestNats } from '@gallery/testing';
import { startGateway, type RunningGateway } from '../src/server.js';
import { GALLERY, OTHER_GALLERY, PHOTO_ID, silent } from './harness.js';

const VERIFIED = 'photos.anna-and-ben.com';
const UNVERIFIED = 'photos.not-ours.com';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
  certificateNames?: string;
}

describe("gateway: a couple's verified domain, behind Caddy with on-demand TLS", () => {
  let nats: TestNats | undefined;
  let natsClient: NatsConnection | undefined;
  let gateway: RunningGateway | undefined;
  let caddy: LocalCaddy | undefined;
  let media: Server | undefined;
  let dir: string | undefined;
  /** What events would answer: verified domains and their galleries. */
  const verified = new Map<string, string>([[VERIFIED, GALLERY]]);
  // Every request the media service got: the gateway's own (a subgraph's) come beside the photo links.
  const mediaRequests: { url: string; headers: IncomingHttpHeaders }[] = [];

  /** An HTTPS request through Caddy to `host`, trusting Caddy's local CA only. */
  function viaCaddy(
    host: string,
    pathName = '/',
    init: { method?: string; body?: string } = {},
  ): Promise<Answer> {
    return new Promise((resolve, reject) => {
      void readFile(caddy!.rootCertificate, 'utf8')
        .catch(() => undefined)
        .then((ca) => {
          const req = httpsRequest(
            {
              host: '127.0.0.1',
              port: caddy!.httpsPort,
              servername: host,
              path: pathName,
              method: init.method ?? 'GET',
              headers: { host, accept: 'text/html', 'content-type': 'application/json' },
              ca,
              rejectUnauthorized: ca !== undefined,
            },
            (res) => {
              // Read now: the socket is handed back to the agent once the body ends.
              const certificateNames = (res.socket as TLSSocket).getPeerCertificate().subjectaltname;
              const chunks: Buffer[] = [];
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () =>
                resolve({
                  status: res.statusCode ?? 0,
                  headers: res.headers,
                  body: Buffer.concat(chunks).toString('utf8'),
                  certificateNames,
                }),
              );
            },
          );
          req.on('error', reject);
          req.end(init.body);
        });
    });
  }

  /** A plain request to the gateway itself with a Host header, as Caddy sends it. */
  async function direct(
    host: string,
    pathName: string,
    init: { method?: 'GET' | 'POST'; body?: string } = {},
  ): Promise<{ status: number; text: string; headers: IncomingHttpHeaders }> {
    const response = await request(`http://127.0.0.1:${gateway!.port}${pathName}`, {
      method: init.method ?? 'GET',
      headers: { host, accept: 'text/html', 'content-type': 'application/json' },
      body: init.body,
    });
    return {
      status: response.statusCode,
      text: await response.body.text(),
      headers: response.headers as IncomingHttpHeaders,
    };
  }

  /** The live socket's handshake with a Host header: open, or the status it was refused with. */
  function socketStatus(host: string): Promise<'open' | number> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`ws://127.0.0.1:${gateway!.port}/graphql`, 'graphql-transport-ws', {
        headers: { host },
      });
      socket.once('open', () => {
        socket.close();
        resolve('open');
      });
      socket.once('unexpected-response', (_request, response) => {
        socket.terminate();
        resolve(response.statusCode ?? 0);
      });
      socket.once('error', reject);
    });
  }

  /** The page's connect-src, as its Content-Security-Policy says. */
  const connectSources = (headers: IncomingHttpHeaders) =>
    String(headers['content-security-policy'])
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src')!
      .slice(1);

  beforeAll(async () => {
    nats = await startTestNats();
    natsClient = await connect({ servers: nats.url });
    // Events' answer for galleries without a PIN: every guest admitted.
    natsClient.subscribe(Requests.GuestAdmission, {
      callback: (_error, message) => {
        message.respond(JSON.stringify({ admitted: true }));
      },
    });
    natsClient.subscribe(Requests.CustomDomainLookup, {
      callback: (_error, message) => {
        const { host } = message.json<{ host: string }>();
        message.respond(JSON.stringify({ code: verified.get(host) ?? null }));
      },
    });
    await natsClient.flush();
    media = createServer((req, res) => {
      mediaRequests.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(302, { location: 'http://storage.example/photo.jpg' }).end();
    });
    await new Promise<void>((resolve) => media!.listen(0, '127.0.0.1', resolve));
    dir = await mkdtemp(path.join(os.tmpdir(), 'gateway-domain-'));
    const webDist = path.join(dir, 'web');
    await mkdir(path.join(webDist, 'assets'), { recursive: true });
    await writeFile(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><title>Live gallery</title></head><body></body></html>',
    );
    await writeFile(path.join(webDist, 'assets', 'app-3f9a.js'), 'console.log("app")');
    gateway = await startGateway(
      {
        port: 0,
        host: '127.0.0.1',
        natsUrl: nats.url,
        eventsUrl: `http://127.0.0.1:${await findFreePort()}/graphql`,
        mediaUrl: `http://127.0.0.1:${(media.address() as AddressInfo).port}`,
        webDist,
        publicUrl: 'https://gallery.example.org',
        compositionRetryMs: { initial: 1000, max: 5000 },
      },
      silent,
    );
    caddy = await startCaddy({
      dataDir: path.join(dir, 'caddy'),
      httpPort: await findFreePort(),
      httpsPort: await findFreePort(),
      upstream: `127.0.0.1:${gateway.port}`,
      askUrl: `http://127.0.0.1:${gateway.port}/api/custom-domains/allowed`,
    });
  }, 120_000);

  afterAll(async () => {
    await caddy?.stop();
    await gateway?.close();
    await natsClient?.close();
    await nats?.stop();
    await new Promise((resolve) => (media ? media.close(resolve) : resolve(undefined)));
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('answers Caddy’s ask for a verified domain only', async () => {
    const ask = (domain: string) => direct('127.0.0.1', `/api/custom-domains/allowed?domain=${domain}`);
    expect((await ask(VERIFIED)).status).toBe(200);
    expect((await ask(UNVERIFIED)).status).toBe(404);
    expect((await ask('gallery.example.org')).status).toBe(404);
    expect((await ask('127.0.0.1')).status).toBe(404);
  });

  it('serves the gallery at the verified domain’s root over HTTPS, with a certificate for that name', async () => {
    const page = await waitFor('a certificate for the verified domain', () =>
      viaCaddy(VERIFIED).catch(() => null),
    );
    expect(page.status).toBe(200);
    expect(page.certificateNames).toBe(`DNS:${VERIFIED}`);
    expect(page.body).toContain(`<meta name="gallery-code" content="${GALLERY}">`);
    // Its assets come from the same host.
    expect((await viaCaddy(VERIFIED, '/assets/app-3f9a.js')).status).toBe(200);
  });

  it('gets no certificate for a name that is not a verified domain', async () => {
    await expect(viaCaddy(UNVERIFIED)).rejects.toThrow(/alert|EPROTO|socket|ECONNRESET/i);
  });

  it('shows nothing but that gallery on the domain', async () => {
    for (const pathName of [
      '/dashboard',
      `/gallery/${OTHER_GALLERY}`,
      `/event/${GALLERY}`,
      '/health',
      '/api/session',
      '/index.html',
    ]) {
      const answer = await viaCaddy(VERIFIED, pathName);
      expect([pathName, answer.status]).toEqual([pathName, 404]);
    }
    const otherGallery = await viaCaddy(VERIFIED, '/graphql', {
      method: 'POST',
      body: JSON.stringify({ query: `{ event(code: "${OTHER_GALLERY}") { code } }` }),
    });
    expect(otherGallery.status).toBe(403);
    expect(JSON.parse(otherGallery.body).errors[0].extensions.code).toBe('FORBIDDEN');
    const ownerQuery = await viaCaddy(VERIFIED, '/graphql', {
      method: 'POST',
      body: JSON.stringify({ query: `query { me { email } }` }),
    });
    expect(ownerQuery.status).toBe(403);
    const asVariable = await viaCaddy(VERIFIED, '/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: 'query ($code: String!) { event(code: $code) { code } }',
        variables: { code: OTHER_GALLERY },
      }),
    });
    expect(asVariable.status).toBe(403);
    // The gallery's own operation goes on to the supergraph (not composed in this test: 503, not 403).
    const own = await viaCaddy(VERIFIED, '/graphql', {
      method: 'POST',
      body: JSON.stringify({
        query: 'query ($code: String!) { event(code: $code) { code } }',
        variables: { code: GALLERY },
      }),
    });
    expect(own.status).not.toBe(403);
  });

  it('lets the live socket on the domain subscribe to that gallery only', async () => {
    const socket = new WebSocket(`ws://127.0.0.1:${gateway!.port}/graphql`, 'graphql-transport-ws', {
      headers: { host: VERIFIED, origin: `https://${VERIFIED}` },
    });
    const messages: { id?: string; type: string; payload?: unknown }[] = [];
    socket.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    socket.send(JSON.stringify({ type: 'connection_init' }));
    await waitFor('the socket to be acknowledged', async () =>
      messages.some((m) => m.type === 'connection_ack'),
    );
    const subscribe = (id: string, code: string) =>
      socket.send(
        JSON.stringify({
          id,
          type: 'subscribe',
          payload: { query: `subscription { photoAdded(eventCode: "${code}") { id } }` },
        }),
      );
    subscribe('other', OTHER_GALLERY);
    subscribe('own', GALLERY);
    const refused = await waitFor('the other gallery refused', async () =>
      messages.find((m) => m.id === 'other' && m.type === 'error'),
    );
    expect(JSON.stringify(refused.payload)).toContain('FORBIDDEN');
    // Its own gallery's subscription is open: no error comes for it.
    socket.send(JSON.stringify({ type: 'ping' }));
    await waitFor('the pong', async () => messages.some((m) => m.type === 'pong'));
    expect(messages.filter((m) => m.id === 'own' && m.type === 'error')).toEqual([]);
    socket.close();
  });

  it('asks the media service for the gallery’s photos only', async () => {
    const photo = await viaCaddy(VERIFIED, `/media/photos/${PHOTO_ID}/thumbnail`);
    expect(photo.status).toBe(302);
    // The gateway's own GraphQL requests to media (a subgraph) may land after it, as one did in a run: one is
    // sent here, so the check never depends on which came last.
    const { port } = media!.address() as AddressInfo;
    await fetch(`http://127.0.0.1:${port}/graphql`, { method: 'POST', redirect: 'manual' });
    const asked = mediaRequests.filter((request) => request.url === `/media/photos/${PHOTO_ID}/thumbnail`);
    expect(asked.at(-1)?.headers['x-gallery-scope']).toBe(GALLERY);
  });

  it('serves no other host: no page, no API, no photo, no health report, no socket', async () => {
    const graphql = JSON.stringify({ query: `mutation { deleteEvent(code: "${GALLERY}") }` });
    for (const host of ['evil.example', UNVERIFIED, '10.1.2.3:5000', 'gallery.example.org.evil.example']) {
      for (const [pathName, method, body] of [
        ['/', 'GET'],
        [`/gallery/${GALLERY}`, 'GET'],
        ['/graphql', 'POST', graphql],
        ['/api/session', 'GET'],
        ['/health', 'GET'],
        [`/media/photos/${PHOTO_ID}/thumbnail`, 'GET'],
      ] as const) {
        const answer = await direct(host, pathName, { method, body });
        expect([host, pathName, answer.status]).toEqual([host, pathName, 421]);
        expect(answer.text).toBe('This address is not served here.');
      }
      expect(await socketStatus(host)).toBe(421);
    }
    // The product's own host, the machine's names and the verified domain are served.
    for (const host of [
      'gallery.example.org',
      'GALLERY.example.org:8443',
      `127.0.0.1:${gateway!.port}`,
      VERIFIED,
    ]) {
      expect([host, (await direct(host, '/')).status]).toEqual([host, 200]);
      expect([host, await socketStatus(host)]).toEqual([host, 'open']);
    }
    // Kubernetes' probes and Caddy's ask reach the gateway by an address of their own.
    expect((await direct('10.1.2.3:5000', '/health/live')).status).toBe(200);
    expect((await direct('gateway:5000', `/api/custom-domains/allowed?domain=${VERIFIED}`)).status).toBe(200);
  });

  it('names the page’s socket origins from the allowlist in its CSP, never the Host header given', async () => {
    expect(connectSources((await direct('GALLERY.example.org:8443', '/')).headers)).toEqual(
      expect.arrayContaining(['ws://gallery.example.org', 'wss://gallery.example.org']),
    );
    const product = connectSources((await direct('GALLERY.example.org:8443', '/')).headers).join(' ');
    expect(product).not.toMatch(/8443|GALLERY/);
    expect(connectSources((await direct(VERIFIED, '/')).headers)).toEqual(
      expect.arrayContaining([`wss://${VERIFIED}`]),
    );
    expect(connectSources((await direct(VERIFIED, '/')).headers).join(' ')).not.toContain(
      'gallery.example.org',
    );
  });

  it('stops serving the gallery as soon as events releases the domain', async () => {
    expect(await (await direct(VERIFIED, '/')).text).toContain('gallery-code');
    verified.delete(VERIFIED);
    const released: DomainEvent<'domain.released'> = {
      id: '6f1c1b4e-2a8d-4f5e-9b7c-3d2e1f0a9b8c',
      type: Subjects.DomainReleased,
      occurredAt: new Date().toISOString(),
      data: { code: GALLERY, host: VERIFIED, reason: 'plan' },
    };
    natsClient!.publish(Subjects.DomainReleased, JSON.stringify(released));
    await waitFor(
      'the domain to be released',
      async () => !(await (await direct(VERIFIED, '/')).text).includes('gallery-code'),
    );
    expect((await direct('127.0.0.1', `/api/custom-domains/allowed?domain=${VERIFIED}`)).status).toBe(404);
    // A released domain is no host of ours any more.
    expect((await direct(VERIFIED, '/')).status).toBe(421);
  });
});
