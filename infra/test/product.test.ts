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
});

// One product for the three behaviours below, as each start costs the whole product's start-up (and the first
// attempt here costs another): it is started as `npm start` starts it, with restartBackoff.
describe('startProduct on picked ports, with restartBackoff as npm start runs it', () => {
  it('starts again on other ports when a port it picked was taken; restart starts a killed service on its port; a service that died is started again on its own, and it says so', async () => {
    const said: string[] = [];
    const picked: number[] = [];
    const product = await startProduct({
      platformEnv: platform!.env,
      log: (name: string, line: string) => void (name === 'start' && said.push(line)),
      restartBackoff: { initialMs: 10, maxMs: 40, resetAfterMs: 60_000 },
      // The first pick is the gateway's: the taken one.
      pickPort: async () => {
        const port = picked.length === 0 ? otherPort : await findFreePort();
        picked.push(port);
        return port;
      },
    });
    const killedMedia = product.pids.media;
    const killedBilling = product.pids.billing;
    try {
      // Started again on other ports.
      expect(product.ports.gateway).not.toBe(otherPort);
      expect(picked[0]).toBe(otherPort);
      const health = await fetch(`${product.url}/health`);
      expect(((await health.json()) as { checks: Record<string, string> }).checks).toMatchObject({
        media: 'ok',
        events: 'ok',
      });

      // restart: a killed service started again on its port.
      await product.restart('media');

      expect(product.pids.media).not.toBe(killedMedia);
      expect(() => process.kill(killedMedia, 0)).toThrow();
      const again = await fetch(`${product.url}/health`);
      expect(((await again.json()) as { checks: Record<string, string> }).checks).toMatchObject({
        media: 'ok',
      });

      // restartBackoff: a service that died started again on its own.
      process.kill(killedBilling, 'SIGKILL');

      // As long as restart waits for a service to listen again (startProduct's readyTimeoutMs): a service's
      // start on a loaded machine can pass waitFor's default.
      await waitFor(
        'billing back',
        async () => {
          if (product.pids.billing === killedBilling) return false;
          const health = await fetch(`${product.url}/health`);
          return ((await health.json()) as { checks: Record<string, string> }).checks.billing === 'ok';
        },
        90_000,
      );
      expect(said).toContain('billing exited (SIGKILL); restarting it in 0.01 s');
    } finally {
      await product.stop();
    }
    expect(() => process.kill(product.pids.media, 0)).toThrow();
    expect(() => process.kill(product.pids.billing, 0)).toThrow();
    // Two starts (the first attempt given up on) and two service starts: twice the time of a test with one start.
  }, 240_000);
});
