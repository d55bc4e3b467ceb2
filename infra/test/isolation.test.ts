import { spawn, type ChildProcess } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { createClient, type Client } from 'graphql-ws';
import WebSocket from 'ws';
import { SUBGRAPH_DEADLINES } from '@gallery/contracts';
import { startTestPlatform, waitFor, type TestPlatform } from '@gallery/testing';
import { createGalleryAt, uploadGuestPhotos } from '../../web/e2e/product-api.js';
// @ts-expect-error plain ESM module shared with `npm start`
import { findFreePort, startProduct } from '../product.mjs';
// @ts-expect-error plain ESM module shared with `npm start`
import { serviceDefinitions } from '../services.mjs';

// One service down never takes a wedding down: with the Premium and payment services (billing, download, backup)
// hung or dead, guests still open their gallery, upload and watch photos arrive, on the product as `npm start`
// runs it (real services, gateway, PostgreSQL, NATS and S3 server).

interface Product {
  url: string;
  ports: Record<'gateway' | 'events' | 'media' | 'billing' | 'download' | 'backup', number>;
  pids: Record<string, number>;
  stop(): Promise<void>;
}

type Answer = {
  data?: Record<string, unknown> | null;
  errors?: { message: string; path?: (string | number)[]; extensions?: { code?: string } }[];
};

/** The services a gallery's guests never need. */
const EXTRAS = ['billing', 'download', 'backup'] as const;

/** The gallery page's query, as web/src/gallery/graphql.ts (GALLERY_QUERY) asks it: events' and media's fields. */
const GALLERY = `query Gallery($code: String!, $first: Int!) {
  event(code: $code) {
    code name plan photoCount createdAt expiresAt language isOwner
    privacy { uploadsOpenAt uploadsCloseAt guestOriginalsAllowed visibility revealAt }
    photos(first: $first) { nodes { id thumbnailUrl guestName heartCount awaitingApproval } endCursor hasMore }
    challenges { id prompt photoCount }
  }
}`;

/** A gallery's name (events) beside a checkout (billing) in one request. */
const NAME_AND_CHECKOUT = `query ($code: String!) {
  event(code: $code) { name }
  checkout(id: "6f0c1f7e-3b0a-4f5e-9a59-2f1f6c0b6d11") { id }
}`;

async function ask(url: string, query: string, variables: object): Promise<Answer> {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  return (await response.json()) as Answer;
}

async function ready(url: string): Promise<boolean> {
  return (await fetch(`${url}/health/ready`).catch(() => undefined))?.ok ?? false;
}

describe('a gallery while billing, download and backup are down', () => {
  let platform: TestPlatform | undefined;
  let product: Product | undefined;
  let code: string;
  const hung = new Set<number>();
  const screens: Client[] = [];

  /** Resumes whatever this file stopped: a stopped service would hang the product's stop. */
  function resumeAll(): void {
    for (const pid of hung) {
      try {
        process.kill(pid, 'SIGCONT');
      } catch {
        // already gone
      }
    }
    hung.clear();
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    product = (await startProduct({ platformEnv: platform.env, log: () => undefined })) as Product;
    ({ code } = await createGalleryAt(product.url));
  }, 180_000);

  async function closeScreens(): Promise<void> {
    for (const screen of screens.splice(0)) await screen.dispose();
  }

  afterAll(async () => {
    resumeAll();
    await closeScreens();
    await product?.stop();
    await platform?.stop();
  }, 60_000);

  /** A screen on the gallery through the gateway at `url`: the ids of the photos it is sent live. */
  function liveScreen(url: string): string[] {
    const live: string[] = [];
    const screen = createClient({ url: `${url.replace(/^http/, 'ws')}/graphql`, webSocketImpl: WebSocket });
    screens.push(screen);
    screen.subscribe<{ photoAdded: { id: string } }>(
      { query: `subscription ($code: String!) { photoAdded(eventCode: $code) { id } }`, variables: { code } },
      {
        next: (result) => void (result.data && live.push(result.data.photoAdded.id)),
        error: () => undefined,
        complete: () => undefined,
      },
    );
    return live;
  }

  /** A guest uploads until one photo reaches `live` (the screen's subscription is then known to be listening). */
  async function uploadSeenLive(url: string, live: string[]): Promise<string> {
    return waitFor(
      'a photo uploaded and seen live',
      async () => {
        const [id] = await uploadGuestPhotos(url, code, 1);
        const seen = await waitFor('its delivery', async () => live.includes(id), 5000).catch(() => false);
        return seen ? id : undefined;
      },
      60_000,
    );
  }

  describe('hung (stopped, their connections open and silent)', () => {
    beforeAll(() => {
      for (const name of EXTRAS) {
        process.kill(product!.pids[name], 'SIGSTOP');
        hung.add(product!.pids[name]);
      }
    });

    afterAll(() => resumeAll());

    it('lets a guest open the gallery, upload and see the photo live, the gateway ready throughout', async () => {
      const page = await ask(product!.url, GALLERY, { code, first: 30 });
      expect(page.errors).toBeUndefined();
      expect(page.data?.event).toMatchObject({ code, name: 'Sarah & Mike' });

      const live = liveScreen(product!.url);
      const id = await uploadSeenLive(product!.url, live);

      const after = await ask(product!.url, GALLERY, { code, first: 30 });
      const shown = (after.data?.event as { photos: { nodes: { id: string }[] } }).photos.nodes;
      expect(shown.map((photo) => photo.id)).toContain(id);
      expect(await ready(product!.url)).toBe(true);
    });

    it("answers a query's live fields and SERVICE_UNAVAILABLE for a hung service's, within the deadline", async () => {
      const started = performance.now();
      const answer = await ask(product!.url, NAME_AND_CHECKOUT, { code });
      const elapsedMs = performance.now() - started;

      expect(answer.data).toEqual({ event: { name: 'Sarah & Mike' }, checkout: null });
      expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['SERVICE_UNAVAILABLE']);
      // The deadline, and room for a loaded machine to answer once it passed; a hung call would take minutes.
      expect(elapsedMs).toBeLessThan(SUBGRAPH_DEADLINES.queryMs + 5000);
    });

    it('names the hung services in the report operators read on the machine itself', async () => {
      const report = await fetch(`${product!.url}/health`);

      expect(report.status).toBe(503);
      expect(((await report.json()) as { checks: Record<string, string> }).checks).toMatchObject({
        nats: 'ok',
        supergraph: 'ok',
        events: 'ok',
        media: 'ok',
        billing: 'not answering',
        download: 'not answering',
        backup: 'not answering',
      });
    });
  });

  describe('dead', () => {
    let gateway: ChildProcess | undefined;

    beforeAll(async () => {
      for (const name of EXTRAS) process.kill(product!.pids[name], 'SIGKILL');
      await waitFor('the extras to be gone', async () =>
        EXTRAS.every((name) => {
          try {
            process.kill(product!.pids[name], 0);
            return false;
          } catch {
            return true;
          }
        }),
      );
    });

    afterAll(async () => {
      // Its screen first: one left open would try again on a gateway that is gone.
      await closeScreens();
      if (gateway && gateway.exitCode === null) {
        const exited = new Promise((resolve) => gateway!.once('exit', resolve));
        gateway.kill('SIGTERM');
        await exited;
      }
    });

    it("answers a query's live fields and SERVICE_UNAVAILABLE for a dead service's", async () => {
      const answer = await ask(product!.url, NAME_AND_CHECKOUT, { code });

      expect(answer.data).toEqual({ event: { name: 'Sarah & Mike' }, checkout: null });
      expect(answer.errors?.map((error) => error.extensions?.code)).toEqual(['SERVICE_UNAVAILABLE']);
    });

    it('lets a gateway started now (a scale-out, a node lost) serve the gallery, uploads and live photos', async () => {
      const port = (await findFreePort()) as number;
      const definition = (
        serviceDefinitions(platform!.env, { ports: { ...product!.ports, gateway: port } }) as {
          name: string;
          entry: string;
          nodeArgs?: string[];
          env: Record<string, string>;
        }[]
      ).find((service) => service.name === 'gateway')!;
      gateway = spawn(process.execPath, [...(definition.nodeArgs ?? []), definition.entry], {
        env: { ...definition.env, PATH: process.env.PATH },
        stdio: 'ignore',
      });
      const url = `http://127.0.0.1:${port}`;
      await waitFor('the new gateway to be ready', () => ready(url), 60_000);

      const page = await ask(url, GALLERY, { code, first: 30 });
      expect(page.errors).toBeUndefined();
      expect(page.data?.event).toMatchObject({ code, name: 'Sarah & Mike' });
      const live = liveScreen(url);
      await uploadSeenLive(url, live);
    });
  });
});
