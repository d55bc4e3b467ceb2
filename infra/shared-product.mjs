// One product that `npm test` starts for the browser tests which need nothing special (web/e2e/browser.ts
// startBrowserTest() without options) and the tests of the whole product without a browser (web/e2e/product-test.ts
// startProductTest()): starting backing servers and every service once per file took much of each file's time.
// Jest run on its own leaves it out, and each file starts its own product as before.
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startProduct } from './product.mjs';
import { REPO_ROOT } from './services.mjs';

/** The variable that hands the shared product to the test files, as JSON (SharedProduct in browser.ts). */
export const SHARED_PRODUCT_VARIABLE = 'BROWSER_TEST_SHARED_PRODUCT';

/**
 * Where app-start.e2e.ts runs its Vite dev server, the one page origin besides its own the shared gateway answers
 * (WEB_DEV_ORIGINS): a free port below 32768, where neither a port 0 bind (another test's free port) nor an
 * outgoing connection takes it meanwhile (Linux hands those out from 32768 on). Not 5173, npm start's.
 */
async function pickDevServerPort() {
  for (;;) {
    const port = 20_000 + Math.floor(Math.random() * 10_000);
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.once('error', () => resolve(false));
      server.listen({ port, host: '127.0.0.1', exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (free) return port;
  }
}

/**
 * Starts fresh backing servers, a test DNS server and the product on them. Its gateway believes the X-Forwarded-For of callers on
 * this machine, as it would a load balancer's: each test file sends an address of its own there, so the
 * per-client rate limits count each file alone, as they did with a product per file. It answers a Vite dev
 * server's pages on `devServerUrl` too, as `npm start`'s gateway does on localhost:5173. Events checks custom
 * domains against the test DNS server (DNS_SERVERS), whose records a test file sets in its records file
 * (testDnsOn of @gallery/testing): no other name is checked on this product.
 *
 * @returns {Promise<{ value: string, stop(): Promise<void> }>} `value` goes into SHARED_PRODUCT_VARIABLE.
 */
export async function startSharedProduct() {
  const { startTestDns, startTestPlatform } = await import(
    pathToFileURL(path.join(REPO_ROOT, 'packages/testing/dist/index.js')).href
  );
  const dnsFolder = mkdtempSync(path.join(os.tmpdir(), 'shared-dns-'));
  const recordsFile = path.join(dnsFolder, 'records.json');
  const platform = await startTestPlatform();
  let dns;
  const stopBacking = async () => {
    await dns?.stop();
    await platform.stop();
    rmSync(dnsFolder, { recursive: true, force: true });
  };
  try {
    dns = await startTestDns({ recordsFile });
    const devServerUrl = `http://localhost:${await pickDevServerPort()}`;
    const product = await startProduct({
      platformEnv: platform.env,
      gatewayEnv: { TRUST_PROXY: 'loopback', WEB_DEV_ORIGINS: devServerUrl },
      serviceEnv: { events: { DNS_SERVERS: dns.server } },
    });
    return {
      value: JSON.stringify({
        platformEnv: platform.env,
        product: { url: product.url, ports: product.ports, mail: product.mail },
        devServerUrl,
        dns: { server: dns.server, recordsFile },
      }),
      async stop() {
        await product.stop();
        await stopBacking();
      },
    };
  } catch (error) {
    await stopBacking();
    throw error;
  }
}
