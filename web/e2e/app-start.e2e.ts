import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { Page, WebSocket } from 'playwright-core';
import { en } from '../src/i18n/en.js';
import { fr } from '../src/i18n/fr.js';
import {
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  seriousViolations,
  startBrowserTest,
  until,
  type BrowserTest,
} from './browser.js';
import { createGalleryAt, uploadGuestPhotos } from './product-api.js';

// How the app starts: the built app when its code cannot load (the Loading Error page), and the Vite dev server
// on localhost calling the gateway on another port directly (apiOrigin, the gateway's WEB_DEV_ORIGINS).

const WEB_DIR = fileURLToPath(new URL('..', import.meta.url));
// Vite as the web workspace resolves it, wherever npm installed it.
const VITE_BIN = path.join(
  path.dirname(createRequire(new URL('../package.json', import.meta.url)).resolve('vite/package.json')),
  'bin/vite.js',
);
/** The dev server compiles modules on first request, on a shared machine: the first page takes its time. */
const DEV_PAGE_MS = 120_000;

/** The app's code, split from the entry (web/src/startApp.tsx). */
const APP_CODE = /\/assets\/startApp-[^/]+\.js$/;

describe('the app starting in the browser', () => {
  let e2e: BrowserTest | undefined;
  let vite: ChildProcess | undefined;
  let devUrl: string;
  let viteOutput = '';

  beforeAll(async () => {
    // A gateway that answers the dev server's pages (the shared product's under npm test); the product picks its
    // own ports, and starts again on others should one be taken before it is bound (a gateway port picked here
    // was, once, by another test's server); the dev server is told the gateway's.
    e2e = await startBrowserTest({ webDevServer: true });
    devUrl = e2e.devServerUrl!;
    const vitePort = new URL(devUrl).port;
    // `npm run dev -w web`, pointed at this product's gateway instead of port 5000.
    vite = spawn(process.execPath, [VITE_BIN, '--port', vitePort, '--strictPort'], {
      cwd: WEB_DIR,
      env: { ...process.env, VITE_API_ORIGIN: e2e.product.url },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    vite.stdout!.on('data', (chunk: Buffer) => (viteOutput += chunk.toString()));
    vite.stderr!.on('data', (chunk: Buffer) => (viteOutput += chunk.toString()));
    await until(
      'the Vite dev server',
      () =>
        fetch(devUrl).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
    ).catch((error: Error) => {
      throw new Error(`${error.message}\n${viteOutput}`);
    });
  }, START_TIMEOUT_MS);

  afterAll(async () => {
    if (vite?.exitCode === null) {
      const exited = new Promise((resolve) => vite!.once('exit', resolve));
      vite.kill('SIGTERM');
      await exited;
    }
    await e2e?.stop();
  }, STOP_TIMEOUT_MS);

  async function newPage(): Promise<Page> {
    const context = await e2e!.browser.newContext({ viewport: { width: 1280, height: 860 } });
    return context.newPage();
  }

  describe('when its code cannot load', () => {
    it.each([
      ['en', '/', en],
      ['fr', '/fr', fr],
    ] as const)(
      'shows the Loading Error page with the error (%s), and Refresh starts the app',
      async (_language, path, texts) => {
        const page = await newPage();
        await page.route(APP_CODE, (route) => route.abort('connectionrefused'));
        await page.goto(`${e2e!.product.url}${path}`);

        await page.getByRole('heading', { name: texts.loadingError.title }).waitFor();
        await page.getByText(texts.loadingError.message).waitFor();
        await expect(page.locator('.error-details').textContent()).resolves.toMatch(/startApp-[^/]+\.js/);
        expect(await seriousViolations(page)).toEqual([]);

        await page.unroute(APP_CODE);
        await page.getByRole('button', { name: texts.loadingError.refresh }).click();
        await page.locator('main h1').first().waitFor();
        await expect(page.getByRole('heading', { name: texts.loadingError.title }).count()).resolves.toBe(0);
        await page.context().close();
      },
      60_000,
    );
  });

  describe('in the Vite dev server on localhost', () => {
    it("reads and writes through the gateway on the other port: the owner's session and galleries, a photo, the live socket", async () => {
      const { code, sessionToken } = await createGalleryAt(e2e!.product.url, {
        coupleNames: 'Dev & Server',
        email: `dev-${randomUUID()}@example.com`,
      });
      const [photoId] = await uploadGuestPhotos(e2e!.product.url, code, 1);

      const page = await newPage();
      const requests: string[] = [];
      const sockets: WebSocket[] = [];
      page.on('request', (request) => requests.push(request.url()));
      // What went wrong, should a wait below time out.
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') problems.push(`console: ${message.text()}`);
      });
      page.on('requestfailed', (request) =>
        problems.push(`failed: ${request.url()} ${request.failure()?.errorText}`),
      );
      page.on('response', (response) => {
        if (response.status() >= 400) problems.push(`${response.status()}: ${response.url()}`);
      });
      const explained = async (what: Promise<unknown>) =>
        what.catch((error: Error) => {
          throw new Error(`${error.message}\n${problems.join('\n')}\n${viteOutput.slice(-2000)}`);
        });
      page.on('websocket', (socket) => sockets.push(socket));
      await page.addInitScript((token) => localStorage.setItem('authToken', token), sessionToken);

      // The dashboard asks /api/session and myEvents with the bearer token: CORS preflights with credentials.
      await page.goto(`${devUrl}/dashboard`);
      await explained(page.locator(`.owner-gallery[data-code="${code}"]`).waitFor({ timeout: DEV_PAGE_MS }));

      await page.goto(`${devUrl}/gallery/${code}`);
      const photo = page.locator(`img[data-photo-id="${photoId}"]`);
      await explained(photo.waitFor({ timeout: DEV_PAGE_MS }));
      // The photo link is the gateway's /media on the other port: it loads (same site, not same origin).
      await until(
        'the photo to load',
        () => photo.evaluate((img: HTMLImageElement) => img.naturalWidth > 0).catch(() => false),
        30_000,
      );
      await until(
        "the gallery's live socket",
        async () =>
          sockets.find((socket) => socket.url() === `${e2e!.product.url.replace(/^http/, 'ws')}/graphql`),
        30_000,
      );

      const gateway = new URL(e2e!.product.url).origin;
      expect(requests).toContain(`${gateway}/api/session`);
      expect(requests).toContain(`${gateway}/graphql`);
      // Nothing of the API is asked of the dev server (no proxy there).
      const askedOfDevServer = requests
        .map((url) => new URL(url))
        .filter((url) => url.origin === devUrl && /^\/(graphql$|api\/|media\/)/.test(url.pathname));
      expect(askedOfDevServer).toEqual([]);
      await page.context().close();
    }, 240_000);
  });
});
