// Live gallery latency: how long from "upload confirmed" (the media service publishing photo.uploaded through
// JetStream) until each open gallery screen receives the photo over graphql-ws through a real gateway.
//
//   npm run build && node bench/live-latency.mjs [--clients=200] [--photos=50] [--interval=100]
//   (or CLIENTS=200 PHOTOS=50 INTERVAL_MS=100 node bench/live-latency.mjs)
//
// Everything runs in this one process (NATS as a child process), so publish and receive times share a clock.
// The subgraphs are not started: subscriptions do not need the supergraph.
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import WebSocket from 'ws';
import { findFreePort, startNats } from '../packages/local-servers/dist/index.js';
import { EventBus } from '../packages/platform/dist/index.js';
import { startGateway } from '../gateway/dist/server.js';

const GALLERY = 'BENCHWED';
const WATCHDOG_MS = 180_000;
const PHOTO_ADDED = `subscription PhotoAdded($eventCode: String!) {
  photoAdded(eventCode: $eventCode) { id eventCode thumbnailUrl previewUrl originalUrl width height createdAt }
}`;

function option(name, envName, fallback) {
  const flag = process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`));
  const raw = flag ? flag.slice(name.length + 3) : process.env[envName];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

const CLIENTS = option('clients', 'CLIENTS', 200);
const PHOTOS = option('photos', 'PHOTOS', 50);
const INTERVAL_MS = option('interval', 'INTERVAL_MS', 100);

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(what, condition, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

function percentile(sorted, q) {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

const quiet = { debug() {}, info() {}, warn: (m) => console.warn(`gateway: ${m}`), error: () => {} };

const cleanups = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error) => console.error(`cleanup failed: ${error.message}`));
  }
}

async function run() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  const nats = await startNats({ dataDir: path.join(dataDir, 'nats'), port: await findFreePort() });
  cleanups.push(() => nats.stop());

  // Nothing listens on port 9 (discard): composition keeps retrying in the background, unused here.
  const gateway = await startGateway(
    {
      port: 0,
      host: '127.0.0.1',
      natsUrl: nats.url,
      eventsUrl: 'http://127.0.0.1:9/graphql',
      mediaUrl: 'http://127.0.0.1:9',
      webDist: dataDir,
      compositionRetryMs: { initial: 5000, max: 30_000 },
    },
    quiet,
  );
  cleanups.push(() => gateway.close());

  const publishedAt = new Map();
  const latencies = [];
  let failures = 0;
  const clients = [];
  cleanups.push(() => Promise.all(clients.map((client) => client.dispose())));
  for (let i = 0; i < CLIENTS; i++) {
    const client = createClient({
      url: `${gateway.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: WebSocket,
      retryAttempts: 0,
    });
    clients.push(client);
    client.subscribe(
      { query: PHOTO_ADDED, variables: { eventCode: GALLERY } },
      {
        next: (result) => {
          const receivedAt = performance.now();
          const sentAt = publishedAt.get(result.data?.photoAdded?.id);
          if (sentAt === undefined) failures++;
          else latencies.push(receivedAt - sentAt);
        },
        error: () => failures++,
        complete: () => {},
      },
    );
  }
  await waitUntil(
    `${CLIENTS} subscriptions`,
    () => gateway.fanout.listenerCount(GALLERY) === CLIENTS,
    60_000,
  );

  const bus = await EventBus.connect(nats.url, 'bench-media');
  cleanups.push(() => bus.close());

  const start = performance.now();
  for (let i = 0; i < PHOTOS; i++) {
    await sleep(Math.max(0, start + i * INTERVAL_MS - performance.now()));
    const id = randomUUID();
    const event = {
      id: randomUUID(),
      type: 'photo.uploaded',
      occurredAt: new Date().toISOString(),
      data: {
        photo: {
          id,
          eventCode: GALLERY,
          thumbnailUrl: `/media/photos/${id}/thumbnail`,
          previewUrl: `/media/photos/${id}/preview`,
          originalUrl: `/media/photos/${id}/original`,
          width: 1600,
          height: 1200,
          createdAt: new Date().toISOString(),
        },
        photoCount: i + 1,
      },
    };
    publishedAt.set(id, performance.now());
    await bus.publish(event);
  }

  const expected = CLIENTS * PHOTOS;
  await waitUntil('every delivery', () => latencies.length + failures >= expected, 15_000).catch(
    () => undefined,
  );

  const sorted = [...latencies].sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  const cpus = os.cpus();
  console.log(
    'live-latency: photo.uploaded published through JetStream -> photoAdded received over graphql-ws',
  );
  console.log(
    `  clients ${CLIENTS}, photos ${PHOTOS}, one every ${INTERVAL_MS} ms, one gallery, one gateway`,
  );
  console.log(`  delivered ${latencies.length} / ${expected}${failures ? ` (${failures} failed)` : ''}`);
  console.log(
    `  p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? NaN)}`,
  );
  console.log(`  machine: ${cpus[0]?.model ?? 'unknown CPU'}, ${cpus.length} cores, Node ${process.version}`);
  return latencies.length === expected ? 0 : 1;
}

const watchdog = setTimeout(async () => {
  console.error(`live-latency: gave up after ${WATCHDOG_MS / 1000} s`);
  await Promise.race([cleanUp(), sleep(15_000)]);
  process.exit(1);
}, WATCHDOG_MS);

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  console.error(`live-latency failed: ${error.stack ?? error}`);
} finally {
  await cleanUp();
  clearTimeout(watchdog);
}
process.exit(exitCode);
