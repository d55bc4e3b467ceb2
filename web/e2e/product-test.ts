import { randomBytes } from 'node:crypto';
import { startTestPlatform, testDnsOn, type PlatformEnv, type TestDns } from '@gallery/testing';
// @ts-expect-error plain ESM module shared with `npm start`
import { startProduct } from '../../infra/product.mjs';
// @ts-expect-error plain ESM module shared with `npm test`
import { SHARED_PRODUCT_VARIABLE } from '../../infra/shared-product.mjs';
import { sendWithEveryCall } from './product-api.js';

// The product a test file runs on, without a browser (browser.ts adds Chromium): under `npm test` the one the
// files share (infra/shared-product.mjs), as a client of its own; run alone, one of the file's own.

/** What a test reads of the product infra/product.mjs `startProduct` gives back. */
export interface RunningProduct {
  /** The gateway: the web app, /graphql and /media. */
  url: string;
  ports: Record<'gateway' | 'events' | 'media' | 'billing' | 'download' | 'backup' | 'faces', number>;
  /** The local mail catcher's inbox, shared by every test on the product: find a message by its recipient. */
  mail: { webUrl: string } | null;
}

/** What infra/shared-product.mjs hands the test files in SHARED_PRODUCT_VARIABLE. */
export interface SharedProduct {
  platformEnv: PlatformEnv;
  product: RunningProduct;
  /** The Vite dev server origin its gateway answers (WEB_DEV_ORIGINS). */
  devServerUrl: string;
  /** The test DNS server events checks custom domains against (DNS_SERVERS), and the file of its records. */
  dns: { server: string; recordsFile: string };
}

/**
 * Under `npm test`, the test DNS server of the shared product, whose records this file sets; run alone, undefined
 * (the file starts its own, and a product that asks it).
 */
export function sharedTestDns(): TestDns | undefined {
  const shared = process.env[SHARED_PRODUCT_VARIABLE];
  if (!shared) return undefined;
  const { dns } = JSON.parse(shared) as SharedProduct;
  return testDnsOn(dns.server, dns.recordsFile);
}

/**
 * Makes every call of product-api.ts carry an address of this file's (the shared gateway believes it from this
 * machine), so the rate limits per client count this file's requests alone, whatever the other files did; the
 * headers to send with calls of the file's own. An address from the range kept for documentation, random: no two
 * files meet on one.
 */
export function actAsClientOfItsOwn(): { 'x-forwarded-for': string } {
  const address = `2001:db8::${randomBytes(8).toString('hex').match(/.{4}/g)!.join(':')}`;
  const clientHeaders = { 'x-forwarded-for': address };
  sendWithEveryCall(clientHeaders);
  return clientHeaders;
}

/** A product for a test of the whole product that needs no browser and no configuration of its own. */
export interface ProductTest {
  platform: { env: PlatformEnv };
  product: RunningProduct;
  /** Headers for the file's own calls to the product (its client address on the shared product). */
  clientHeaders: Record<string, string>;
  /** Stops the product and the backing servers unless they are shared. */
  stop(): Promise<void>;
}

/**
 * Under `npm test`, the shared product, as a client of its own (actAsClientOfItsOwn); run alone, the backing
 * servers and a product of the file's own, as startBrowserTest does without options.
 */
export async function startProductTest(): Promise<ProductTest> {
  const shared = process.env[SHARED_PRODUCT_VARIABLE];
  if (shared) {
    const { platformEnv, product } = JSON.parse(shared) as SharedProduct;
    const clientHeaders = actAsClientOfItsOwn();
    return { platform: { env: platformEnv }, product, clientHeaders, stop: async () => undefined };
  }
  const platform = await startTestPlatform();
  try {
    const product = (await startProduct({
      platformEnv: platform.env,
      log: () => undefined,
    })) as RunningProduct & {
      stop(): Promise<void>;
    };
    return {
      platform,
      product,
      clientHeaders: {},
      async stop() {
        await product.stop();
        await platform.stop();
      },
    };
  } catch (error) {
    await platform.stop();
    throw error;
  }
}
