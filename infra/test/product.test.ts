import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { startTestPlatform, waitFor, type TestPlatform } from '@gallery/testing';
// @ts-expect-error plain ESM module shared with `npm start`
import { findFreePort, startProduct } from '../product.mjs';

// startProduct picks free ports and then starts a service on each: in between, a parallel test's server may take
// one. These tests take one on purpose, with a server that answers as a gateway would.

let platform: TestPlatform | undefined;
let other: http.Server;
let otherPort: number;

beforeAll(async () => {
  platform = await startTestPlatform();
  other = http.createServer((_request, response) => response.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
  otherPort = (other.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise((resolve) => other?.close(resolve));
  await platform?.stop();
});

const quiet = () => undefined;

describe('startProduct on a port another server holds', () => {
  it("fails when the port was given, rather than taking the other server's answers for the gateway's", async () => {
    const start = startProduct({ platformEnv: platform!.env, port: otherPort, log: quiet });
    await expect(start).rejects.toThrow(/EADDRINUSE|address already in use/i);
  });

  // One product for both, as each start costs the whole product's start-up.
  it('starts again on other ports when a port it picked was taken; restart starts a killed service on its port', async () => {
    const picked: number[] = [];
    const product = await startProduct({
      platformEnv: platform!.env,
      log: quiet,
      // The first pick is the gateway's: the taken one.
      pickPort: async () => {
        const port = picked.length === 0 ? otherPort : await findFreePort();
        picked.push(port);
        return port;
      },
    });
    const killed = product.pids.media;
    try {
      expect(product.ports.gateway).not.toBe(otherPort);
      expect(picked[0]).toBe(otherPort);
      const health = await fetch(`${product.url}/health`);
      expect(((await health.json()) as { checks: Record<string, string> }).checks).toMatchObject({
        media: 'ok',
        events: 'ok',
      });

      await product.restart('media');

      expect(product.pids.media).not.toBe(killed);
      expect(() => process.kill(killed, 0)).toThrow();
      const again = await fetch(`${product.url}/health`);
      expect(((await again.json()) as { checks: Record<string, string> }).checks).toMatchObject({
        media: 'ok',
      });
    } finally {
      await product.stop();
    }
    expect(() => process.kill(product.pids.media, 0)).toThrow();
  });
});

describe('with restartBackoff, as npm start runs it', () => {
  it('starts a service that died again on its own, and says so', async () => {
    const said: string[] = [];
    const product = await startProduct({
      platformEnv: platform!.env,
      log: (name: string, line: string) => void (name === 'start' && said.push(line)),
      restartBackoff: { initialMs: 10, maxMs: 40, resetAfterMs: 60_000 },
    });
    const killed = product.pids.billing;
    try {
      process.kill(killed, 'SIGKILL');

      await waitFor('billing back', async () => {
        if (product.pids.billing === killed) return false;
        const health = await fetch(`${product.url}/health`);
        return ((await health.json()) as { checks: Record<string, string> }).checks.billing === 'ok';
      });
      expect(said).toContain('billing exited (SIGKILL); restarting it in 0.01 s');
    } finally {
      await product.stop();
    }
    expect(() => process.kill(product.pids.billing, 0)).toThrow();
  });
});
