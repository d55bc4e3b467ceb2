import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type Page } from 'playwright-core';
import { findFreePort, isPortFree } from '@gallery/local-servers';
import { seedGalleryPhotos, startTestPlatform, waitFor, type PlatformEnv } from '@gallery/testing';
// @ts-expect-error plain ESM module shared with `npm start`
import { startProduct } from '../../infra/product.mjs';
// @ts-expect-error plain ESM module shared with `npm start`
import { SERVICE_DATABASES } from '../../infra/services.mjs';
// @ts-expect-error plain ESM module shared with `npm test`
import { SHARED_PRODUCT_VARIABLE } from '../../infra/shared-product.mjs';
import { actAsClientOfItsOwn, type RunningProduct, type SharedProduct } from './product-test.js';

export type { RunningProduct } from './product-test.js';

// What every browser test starts the same way: the backing servers, the product as `npm start` runs it (real
// services and gateway on free ports), and a headless Chromium. Under `npm test` the tests without options
// share one product instead (infra/shared-product.mjs) and start only their Chromium.

/** Chromium without a sandbox, GPU, QUIC or its own background traffic (updates, sync): a quiet CI browser. */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** For beforeAll: the backing servers and every service start within this. */
export const START_TIMEOUT_MS = 180_000;
/** For afterAll. */
export const STOP_TIMEOUT_MS = 60_000;

export interface BrowserTest {
  /** The backing servers' configuration (the services' databases are on DATABASE_URL's server). */
  platform: { env: PlatformEnv };
  product: RunningProduct;
  browser: Browser;
  /** With the webDevServer option: the origin the gateway answers a Vite dev server's pages on (WEB_DEV_ORIGINS). */
  devServerUrl?: string;
  /** Closes the browser, then the product and the backing servers unless they are shared. */
  stop(): Promise<void>;
}

export interface BrowserTestOptions {
  /** Chromium switches besides CHROMIUM_ARGS (`--autoplay-policy=...`). */
  chromiumArgs?: string[];
  /** The gateway's port (a free one unless told). */
  port?: number;
  /** Extra gateway configuration. */
  gatewayEnv?: Record<string, string>;
  /** Extra configuration by service name (`{ events: { DNS_SERVERS: ... } }`). */
  serviceEnv?: Record<string, Record<string, string>>;
  /**
   * A gateway that answers a Vite dev server's pages (WEB_DEV_ORIGINS) on the result's devServerUrl, a free port:
   * the shared product's when it has one and that port is free, else the file's own product's.
   */
  webDevServer?: boolean;
}

function launchChromium(extraArgs: string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/**
 * Starts the backing servers, the product and Chromium; whatever started is stopped again if a step fails.
 * Without options for the product (Chromium's switches are not), under `npm test`, only Chromium: the product
 * is the shared one.
 */
export async function startBrowserTest({
  webDevServer = false,
  ...options
}: BrowserTestOptions = {}): Promise<BrowserTest> {
  const shared = process.env[SHARED_PRODUCT_VARIABLE];
  // Chromium's own switches ask nothing of the product: the shared one does.
  const { chromiumArgs, ...productOptions } = options;
  if (shared && Object.keys(productOptions).length === 0) {
    const sharedProduct = JSON.parse(shared) as SharedProduct;
    if (!webDevServer) return onSharedProduct(sharedProduct, { chromiumArgs });
    const { devServerUrl } = sharedProduct;
    if (devServerUrl && (await isPortFree(Number(new URL(devServerUrl).port))))
      return {
        ...(await onSharedProduct(sharedProduct, { pagesSendAddress: false, chromiumArgs })),
        devServerUrl,
      };
  }
  const devServerUrl = webDevServer ? `http://localhost:${await findFreePort()}` : undefined;
  const gatewayEnv = devServerUrl
    ? { ...options.gatewayEnv, WEB_DEV_ORIGINS: devServerUrl }
    : options.gatewayEnv;
  const platform = await startTestPlatform();
  let product: (RunningProduct & { stop(): Promise<void> }) | undefined;
  let browser: Browser | undefined;
  const stop = async () => {
    await browser?.close();
    await product?.stop();
    await platform.stop();
  };
  try {
    product = (await startProduct({
      platformEnv: platform.env,
      port: options.port,
      gatewayEnv,
      serviceEnv: options.serviceEnv,
    })) as RunningProduct & { stop(): Promise<void> };
    browser = await launchChromium(chromiumArgs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { platform, product, browser, devServerUrl, stop };
}

/**
 * Chromium on the shared product, as a client of its own (actAsClientOfItsOwn): every request of its pages and of
 * product-api.ts carries the file's address.
 */
async function onSharedProduct(
  { platformEnv, product }: SharedProduct,
  { pagesSendAddress = true, chromiumArgs }: { pagesSendAddress?: boolean; chromiumArgs?: string[] } = {},
): Promise<BrowserTest> {
  const clientHeaders = actAsClientOfItsOwn();
  const browser = await launchChromium(chromiumArgs);
  // A Vite dev server's page calls the gateway from another origin, where Chromium holds a context's extra headers
  // to CORS (the gateway admits no X-Forwarded-For): those pages call as the machine itself, an address no other
  // file's pages use.
  if (!pagesSendAddress)
    return { platform: { env: platformEnv }, product, browser, stop: () => browser.close() };
  // browser.newPage() opens its context through newContext too.
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (contextOptions = {}) =>
    newContext({
      ...contextOptions,
      extraHTTPHeaders: { ...contextOptions.extraHTTPHeaders, ...clientHeaders },
    });
  return { platform: { env: platformEnv }, product, browser, stop: () => browser.close() };
}

/**
 * Closes every context the test's browser holds: for afterEach, so that a test's pages (their live sockets,
 * timers, service workers and grids of photos) stop taking the machine's time once it has ended.
 */
export async function closeContexts(e2e: BrowserTest | undefined): Promise<void> {
  await Promise.all((e2e?.browser.contexts() ?? []).map((context) => context.close()));
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export interface Violation {
  id: string;
  impact: string | null;
  help: string;
  nodes: string[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  // Evaluated through the DevTools protocol: the product's Content-Security-Policy forbids inline scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{
            violations: Array<{
              id: string;
              impact: string | null;
              help: string;
              nodes: Array<{ target: string[] }>;
            }>;
          }>;
        };
      }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact,
        help: violation.help,
        nodes: violation.nodes.map((node) => node.target.join(' ')),
      }));
  });
}

/** waitFor of @gallery/testing with a browser's patience: a page may take a while on a busy machine. */
export function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  ms = 60_000,
): Promise<T> {
  return waitFor(what, probe, ms);
}

/**
 * Resolves once a live socket of `page` asked for the subscription `field` (its subscribe message sent). Set up
 * before the page opens: a change made earlier could reach the gateway before the screen listens for it.
 */
export function subscribedTo(page: Page, field: string): Promise<void> {
  return new Promise((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (String(payload).includes(field)) resolve();
      }),
    ),
  );
}

/**
 * `count` more photos in gallery `code` of the test's product, copied from the real ones it holds straight into
 * media's database (seedGalleryPhotos): a full grid in a second instead of minutes of uploads. Newest first.
 */
export function seedPhotos(e2e: BrowserTest, code: string, count: number): Promise<string[]> {
  const media = new URL(e2e.platform.env.DATABASE_URL);
  media.pathname = `/${(SERVICE_DATABASES as Record<string, string>).media}`;
  return seedGalleryPhotos(media.toString(), code, count);
}
