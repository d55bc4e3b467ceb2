// Live gallery latency, through the whole product: from the moment a guest's browser confirms an upload
// (confirmPhotoUpload, after the PUT to object storage) until every open gallery screen has received the photo
// over graphql-ws. The path: media service (type check, sharp, commit, outbox) -> JetStream -> gateway ->
// every subscriber.
//
//   npm run build && node bench/live-latency.mjs [--clients=200] [--photos=50] [--interval=100]
//   (or CLIENTS=200 PHOTOS=50 INTERVAL_MS=100 node bench/live-latency.mjs)
//
// PostgreSQL, NATS and the S3 server run as local child processes, the services and the gateway as their own
// processes, as npm start runs them; the clients run in this process, so confirm and receive share a clock.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { createClient } from 'graphql-ws';
import sharp from 'sharp';
import WebSocket from 'ws';
import { findFreePort, startNats, startPostgres, startS3 } from '../packages/local-servers/dist/index.js';
import { startProduct } from '../infra/product.mjs';

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
const INTERVAL_MS = option('interval', 'INTERVAL_MS', 200);

/** A WebSocket class for screen number `n`, which connects from its own address (198.18.0.0/15, the range set aside for benchmarks). */
function phoneSocket(n) {
  const address = `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`;
  return class extends WebSocket {
    constructor(url, protocols) {
      super(url, protocols, { headers: { 'x-forwarded-for': address } });
    }
  };
}

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

async function graphql(url, query, variables) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(`${body.errors[0].extensions?.code}: ${body.errors[0].message}`);
  return body.data;
}

const CREATE_GALLERY = `mutation($input: CreateGalleryInput!) { createGallery(input: $input) { event { code } } }`;
const REQUEST_UPLOADS = `mutation($eventCode: String!, $files: [PhotoUploadRequest!]!) {
  requestPhotoUploads(eventCode: $eventCode, files: $files) { uploadId uploadUrl headers { name value } }
}`;
const CONFIRM_UPLOAD = `mutation($eventCode: String!, $uploadId: ID!) {
  confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) { id }
}`;

/** A 1600x1200 JPEG of noise (about 1 MB): sharp does the work a real phone photo costs. */
function photoBytes(seed) {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  let x = seed * 2654435761;
  for (let i = 0; i < pixels.length; i++) {
    x = (x * 1103515245 + 12345) >>> 0;
    pixels[i] = x >>> 24;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer();
}

const cleanups = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error) => console.error(`cleanup failed: ${error.message}`));
  }
}

async function run() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
  await import('node:fs/promises').then((fs) => fs.chmod(dataDir, 0o755));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  const postgres = await startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: await findFreePort(),
    persistent: false,
  });
  cleanups.push(() => postgres.stop());
  const nats = await startNats({ dataDir: path.join(dataDir, 'nats'), port: await findFreePort() });
  cleanups.push(() => nats.stop());
  const s3 = await startS3({
    dataDir: path.join(dataDir, 's3'),
    port: await findFreePort(),
    accessKeyId: 'bench',
    secretAccessKey: 'bench-secret',
  });
  cleanups.push(() => s3.stop());

  const product = await startProduct({
    platformEnv: {
      DATABASE_URL: postgres.url('postgres'),
      NATS_URL: nats.url,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    log: () => undefined,
    // Each screen is a guest's own phone: the clients below say so through X-Forwarded-For, which the gateway
    // believes from loopback only, so its limits per client apply per screen as they would at a wedding.
    gatewayEnv: { TRUST_PROXY: 'loopback' },
  });
  cleanups.push(() => product.stop());

  const { createGallery } = await graphql(product.url, CREATE_GALLERY, {
    input: {
      coupleNames: 'Bench & Mark',
      weddingDate: '2027-06-12',
      location: 'Lyon, France',
      email: 'bench@example.com',
      phone: '+33 6 12 34 56 78',
      plan: 'FREE',
    },
  });
  const eventCode = createGallery.event.code;

  const confirmedAt = new Map();
  const latencies = [];
  let failures = 0;
  let subscribed = 0;
  const clients = [];
  cleanups.push(() => Promise.all(clients.map((client) => client.dispose())));
  for (let i = 0; i < CLIENTS; i++) {
    const client = createClient({
      url: `${product.url.replace(/^http/, 'ws')}/graphql`,
      webSocketImpl: phoneSocket(i),
      retryAttempts: 0,
      on: { connected: () => subscribed++ },
    });
    clients.push(client);
    client.subscribe(
      { query: PHOTO_ADDED, variables: { eventCode } },
      {
        next: (result) => {
          const receivedAt = performance.now();
          const sentAt = confirmedAt.get(result.data?.photoAdded?.id);
          if (sentAt === undefined) failures++;
          else latencies.push(receivedAt - sentAt);
        },
        error: () => failures++,
        complete: () => {},
      },
    );
  }
  await waitUntil(`${CLIENTS} connections`, () => subscribed === CLIENTS, 60_000);
  await sleep(500); // the subscribe messages follow the connection acks

  const roundTrips = [];
  const start = performance.now();
  for (let i = 0; i < PHOTOS; i++) {
    await sleep(Math.max(0, start + i * INTERVAL_MS - performance.now()));
    const bytes = await photoBytes(i + 1);
    const [slot] = (
      await graphql(product.url, REQUEST_UPLOADS, {
        eventCode,
        files: [{ fileName: `photo-${i + 1}.jpg`, contentType: 'image/jpeg', size: bytes.length }],
      })
    ).requestPhotoUploads;
    const put = await fetch(slot.uploadUrl, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
      body: bytes,
    });
    if (!put.ok) throw new Error(`upload failed: ${put.status}`);
    // The photo id is the upload id: known before the confirm returns, so early deliveries are matched.
    const confirmStart = performance.now();
    confirmedAt.set(slot.uploadId, confirmStart);
    await graphql(product.url, CONFIRM_UPLOAD, { eventCode, uploadId: slot.uploadId });
    roundTrips.push(performance.now() - confirmStart);
  }

  const expected = CLIENTS * PHOTOS;
  await waitUntil('every delivery', () => latencies.length + failures >= expected, 15_000).catch(
    () => undefined,
  );

  const sorted = [...latencies].sort((a, b) => a - b);
  const confirms = [...roundTrips].sort((a, b) => a - b);
  const ms = (value) => `${value.toFixed(1)} ms`;
  const cpus = os.cpus();
  console.log('live-latency: confirmPhotoUpload sent -> photoAdded received by every open gallery screen');
  console.log(`  clients ${CLIENTS}, photos ${PHOTOS} (1600x1200 JPEG), one gallery, one gateway`);
  console.log(`  delivered ${latencies.length} / ${expected}${failures ? ` (${failures} failed)` : ''}`);
  console.log(
    `  confirm -> on every screen: p50 ${ms(percentile(sorted, 0.5))}, p99 ${ms(percentile(sorted, 0.99))}, max ${ms(sorted.at(-1) ?? NaN)}`,
  );
  console.log(
    `  confirm round trip for the uploader: p50 ${ms(percentile(confirms, 0.5))}, p99 ${ms(percentile(confirms, 0.99))}`,
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
