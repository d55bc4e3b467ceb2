import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { startTestPlatform, waitFor, type TestPlatform } from '@gallery/testing';
import { createGalleryAt, graphqlAt, uploadGuestPhotos } from '../../web/e2e/product-api.js';
// @ts-expect-error plain ESM module shared with `npm start`
import { startProduct } from '../product.mjs';

interface Product {
  gatewayUrls: string[];
  pids: Record<string, number>;
  stop(): Promise<void>;
}

const PHOTOS = `query ($code: String!) { event(code: $code) { photos(first: 100) { nodes { id } } } }`;

// A rolling update replaces the gateway an open screen is connected to. Two gateways on one NATS, as in a
// cluster; the screen's client is the web app's (web/src/api/liveConnection.ts: retries without end, re-reads
// the gallery on every reconnection), its address the Service's, which sends new connections to a gateway
// still running.
describe('a live screen while its gateway is replaced', () => {
  let platform: TestPlatform | undefined;
  let product: Product | undefined;
  let screen: Client | undefined;

  beforeAll(async () => {
    platform = await startTestPlatform();
    product = (await startProduct({
      platformEnv: platform.env,
      gatewayReplicas: 2,
      log: () => undefined,
    })) as Product;
  }, 180_000);

  afterAll(async () => {
    await screen?.dispose();
    await product?.stop();
    await platform?.stop();
  });

  it('reconnects to another gateway, gets what was uploaded meanwhile and what comes after', async () => {
    const [first, second] = product!.gatewayUrls;
    const { code } = await createGalleryAt(second);
    let gateway = first;
    const closeCodes: number[] = [];
    let connections = 0;
    const live: string[] = [];
    const reread: string[] = [];
    screen = createClient({
      url: () => `${gateway.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: Infinity,
      shouldRetry: () => true,
      on: {
        closed: (event) => void closeCodes.push((event as { code: number }).code),
        connected: () => {
          connections += 1;
          // The web app's re-read on every connection after the first (useGallery's onLiveReconnect).
          if (connections > 1)
            void graphqlAt<{ event: { photos: { nodes: { id: string }[] } } }>(gateway, PHOTOS, {
              code,
            }).then((answer) => reread.push(...answer.event.photos.nodes.map((photo) => photo.id)));
        },
      },
    });
    screen.subscribe<{ photoAdded: { id: string } }>(
      { query: `subscription ($code: String!) { photoAdded(eventCode: $code) { id } }`, variables: { code } },
      {
        next: (result) => void (result.data && live.push(result.data.photoAdded.id)),
        error: () => undefined,
        complete: () => undefined,
      },
    );
    // Photos keep coming until one reaches the screen: its subscription is then live on the first gateway.
    const before = await waitFor('the screen to get a photo through the first gateway', async () => {
      const [id] = await uploadGuestPhotos(second, code, 1);
      const delivered = await waitFor('its delivery', async () => live.includes(id), 2000).catch(() => false);
      return delivered ? id : undefined;
    });

    // The Service sends new connections elsewhere, and the old gateway stops (SIGTERM, as Kubernetes does).
    gateway = second;
    process.kill(product!.pids.gateway, 'SIGTERM');
    const [meanwhile] = await uploadGuestPhotos(second, code, 1);
    await waitFor('the screen to reconnect', async () => connections === 2);
    const [after] = await uploadGuestPhotos(second, code, 1);

    await waitFor('the photo uploaded after the reconnection, live', async () => live.includes(after));
    await waitFor('the photo uploaded meanwhile, live or re-read', async () =>
      [...live, ...reread].includes(meanwhile),
    );
    expect(closeCodes[0]).toBe(1001);
    expect(live).toContain(before);
  });
});
