// One product that `npm test` starts for the browser tests which need nothing special (web/e2e/browser.ts
// startBrowserTest() without options): starting backing servers and every service once per file took much of
// each file's time. Jest run on its own leaves it out, and each file starts its own product as before.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startProduct } from './product.mjs';
import { REPO_ROOT } from './services.mjs';

/** The variable that hands the shared product to the test files, as JSON (SharedProduct in browser.ts). */
export const SHARED_PRODUCT_VARIABLE = 'BROWSER_TEST_SHARED_PRODUCT';

/**
 * Starts fresh backing servers and the product on them. Its gateway believes the X-Forwarded-For of callers on
 * this machine, as it would a load balancer's: each test file sends an address of its own there, so the
 * per-client rate limits count each file alone, as they did with a product per file.
 *
 * @returns {Promise<{ value: string, stop(): Promise<void> }>} `value` goes into SHARED_PRODUCT_VARIABLE.
 */
export async function startSharedProduct() {
  const { startTestPlatform } = await import(
    pathToFileURL(path.join(REPO_ROOT, 'packages/testing/dist/index.js')).href
  );
  const platform = await startTestPlatform();
  try {
    const product = await startProduct({
      platformEnv: platform.env,
      gatewayEnv: { TRUST_PROXY: 'loopback' },
    });
    return {
      value: JSON.stringify({
        platformEnv: platform.env,
        product: { url: product.url, ports: product.ports, mail: product.mail },
      }),
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
