import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from '@jest/globals';
import WebSocket from 'ws';
import { waitFor } from '@gallery/testing';
import type { RunningGateway } from '../src/server.js';
import { DEV_ORIGIN, GALLERY, PHOTO_ID, STORAGE_ORIGIN, type Json, useGatewayHarness } from './harness.js';

// The gateway as the one origin a browser sees: photo links forwarded to media, the web app, pages of other
// origins (the dev server), the security headers on every answer, and what it hides in production.

const harness = useGatewayHarness();

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
