// @ts-check
// What a guest's upload costs the gateway: its two GraphQL requests (requestPhotoUploads, then
// confirmPhotoUpload once the photo is in storage), each through Apollo Gateway to the media subgraph, and the
// events that follow it on NATS, with no screen open.
//
//   node bench/upload-requests.mjs [--uploads=200] [--megapixels=1] [--rounds=3] [--cpu-prof=DIR]
//     [--gateway-node-args="..."] [--gateway-env="NAME=value ..."]
//
// Each round, for the gateway (its time on a CPU from /proc/PID/task/TID/schedstat, less its idle rate):
// - "uploads": --uploads uploads one after another (request, PUT straight to storage, confirm), then until media
//   has made the last photo's sizes and the events are in, plus 1 s;
// - "the requests alone": the same two requests per upload of the same shape, answered without the photo work
//   (requestPhotoUploads, then a confirm of an upload never sent, which media refuses): what the GraphQL path costs;
// - baseline: as many GET /health/live through the same express app, security headers and all (the HTTP
//   server's own cost per request, no GraphQL).
// Prints ms per upload / per request pair and per plain request, and the ratio of a request to a plain one.
import { mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@nats-io/transport-node';
import { runOnProductNode } from '../infra/product-node.mjs';
import { phonePhoto } from './phone-photo.mjs';
import { startBenchProduct } from './product.mjs';
import { cpuRunMs } from './proc.mjs';
import { describeStorage } from './storage.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

function option(name, fallback) {
  const flag = process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (!flag) return fallback;
  const raw = flag.slice(name.length + 3);
  if (typeof fallback === 'string') return raw;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

const UPLOADS = option('uploads', 200);
const MEGAPIXELS = option('megapixels', 1);
const ROUNDS = option('rounds', 3);
const CPU_PROF = option('cpu-prof', '');
const GATEWAY_NODE_ARGS = option('gateway-node-args', '').split(' ').filter(Boolean);
const GATEWAY_ENV = Object.fromEntries(
  option('gateway-env', '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
/** A free gallery holds 50 photos, slots asked for included: the uploads are spread over galleries of this many. */
const PER_GALLERY = 40;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
const load = () =>
  os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');

const CREATE_GALLERY = `mutation($input: CreateGalleryInput!) { createGallery(input: $input) { event { code } } }`;
const REQUEST_UPLOADS = `mutation($eventCode: String!, $files: [PhotoUploadRequest!]!) {
  requestPhotoUploads(eventCode: $eventCode, files: $files) { uploadId uploadUrl headers { name value } }
}`;
const CONFIRM_UPLOAD = `mutation($eventCode: String!, $uploadId: ID!) {
  confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) { id }
}`;

async function post(url, query, variables, address) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ query, variables }),
  });
  return response.json();
}

async function graphql(url, query, variables, address) {
  const body = await post(url, query, variables, address);
  if (body.errors) throw new Error(`${body.errors[0].extensions?.code}: ${body.errors[0].message}`);
  return body.data;
}

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
async function cleanUp() {
  for (const cleanup of cleanups.splice(0).reverse()) {
    await cleanup().catch((error) => console.error(`cleanup failed: ${error.message}`));
  }
}

async function run() {
  let profiling = [];
  if (CPU_PROF) {
    const dir = path.resolve(CPU_PROF);
    await mkdir(dir, { recursive: true });
    profiling = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  }
  const { product, s3, nats } = await startBenchProduct('upload-requests', cleanups, {
    // Each upload is a guest's own phone, through X-Forwarded-For: the limits per client apply per guest.
    gatewayEnv: { TRUST_PROXY: 'loopback', ...GATEWAY_ENV },
    nodeArgs: { gateway: [...profiling, ...GATEWAY_NODE_ARGS] },
  });
  const gateway = product.pids.gateway;

  // When media has made each photo's sizes (the last event of an upload the gateway hears).
  const processed = new Set();
  const natsClient = await connect({ servers: nats.url, name: 'bench' });
  cleanups.push(() => natsClient.close());
  natsClient.subscribe('photo.processed', {
    callback: (_error, message) => {
      const id = JSON.parse(Buffer.from(message.data).toString())?.data?.photo?.id;
      if (id) processed.add(id);
    },
  });
  const uploadedIds = new Set();
  natsClient.subscribe('photo.uploaded', {
    callback: (_error, message) => {
      const id = JSON.parse(Buffer.from(message.data).toString())?.data?.photo?.id;
      if (id) uploadedIds.add(id);
    },
  });
  await natsClient.flush();

  let galleryCount = 0;
  async function newGallery() {
    const g = galleryCount++;
    const { createGallery } = await graphql(
      product.url,
      CREATE_GALLERY,
      {
        input: {
          coupleNames: `Bench & Mark ${g + 1}`,
          weddingDate: '2027-06-12',
          location: 'Lyon, France',
          email: `bench${g}@example.com`,
          phone: '+33 6 12 34 56 78',
          plan: 'FREE',
        },
      },
      `198.18.200.${(g % 250) + 1}`,
    );
    return createGallery.event.code;
  }

  const photo = await phonePhoto(MEGAPIXELS);
  let guest = 0;
  const addressOf = (i) => `198.19.${Math.floor(i / 250) % 250}.${(i % 250) + 1}`;
  let gallery;
  let inGallery = PER_GALLERY;
  async function galleryForNext() {
    if (inGallery >= PER_GALLERY) {
      gallery = await newGallery();
      inGallery = 0;
    }
    inGallery++;
    return gallery;
  }
  const requestSlot = (eventCode, address) =>
    graphql(
      product.url,
      REQUEST_UPLOADS,
      {
        eventCode,
        files: [{ fileName: `IMG_${1000 + guest}.JPG`, contentType: 'image/jpeg', size: photo.length }],
      },
      address,
    );

  async function upload() {
    const eventCode = await galleryForNext();
    const address = addressOf(guest++);
    const [slot] = (await requestSlot(eventCode, address)).requestPhotoUploads;
    const put = await fetch(slot.uploadUrl, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
      body: photo,
    });
    if (!put.ok) throw new Error(`upload failed: ${put.status}`);
    await graphql(product.url, CONFIRM_UPLOAD, { eventCode, uploadId: slot.uploadId }, address);
    return slot.uploadId;
  }

  /** The same two requests, no photo: the slot is asked for, and confirming it is refused (nothing was sent). */
  async function requestsAlone() {
    const eventCode = await galleryForNext();
    const address = addressOf(guest++);
    const [slot] = (await requestSlot(eventCode, address)).requestPhotoUploads;
    const body = await post(product.url, CONFIRM_UPLOAD, { eventCode, uploadId: slot.uploadId }, address);
    if (!body.errors) throw new Error('a confirm of nothing sent was accepted');
  }

  async function plain() {
    for (let k = 0; k < 2; k++) {
      const response = await fetch(`${product.url}/health/live`, {
        headers: { 'x-forwarded-for': addressOf(guest++) },
      });
      if (!response.ok) throw new Error(`health: ${response.status}`);
      await response.arrayBuffer();
    }
  }

  /** The gateway's idle rate (ms of CPU a second): the median of four one-second slices. */
  async function idleRate() {
    const slices = [];
    for (let k = 0; k < 4; k++) {
      const start = await cpuRunMs(gateway);
      await sleep(1000);
      slices.push((await cpuRunMs(gateway)) - start);
    }
    return median(slices);
  }

  /** With --cpu-prof, where each phase starts and ends on the monotonic clock the profiles use (us). */
  const marks = [];
  async function phase(idle, body, name) {
    marks.push(`${name} ${process.hrtime.bigint() / 1000n}`);
    const start = performance.now();
    const cpuStart = await cpuRunMs(gateway);
    await body();
    const seconds = (performance.now() - start) / 1000;
    marks.push(`end ${process.hrtime.bigint() / 1000n}`);
    return (await cpuRunMs(gateway)) - cpuStart - idle * seconds;
  }

  // Warm up: JIT, connections, the query plans.
  for (let k = 0; k < 20; k++) {
    await upload();
    await requestsAlone();
    await plain();
  }

  console.log(
    `upload-requests: ${UPLOADS} uploads of ${(photo.length / 1e6).toFixed(2)} MB a round, ${ROUNDS} round(s); ${describeStorage(s3)}`,
  );
  const rows = [];
  for (let round = 0; round < ROUNDS; round++) {
    const loadBefore = load();
    const idle = await idleRate();
    const uploadsMs = await phase(
      idle,
      async () => {
        const ids = [];
        for (let i = 0; i < UPLOADS; i++) ids.push(await upload());
        const deadline = Date.now() + 120_000;
        while (!ids.every((id) => processed.has(id) && uploadedIds.has(id)) && Date.now() < deadline)
          await sleep(100);
        await sleep(1000);
      },
      'uploads',
    );
    const requestsMs = await phase(
      idle,
      async () => {
        for (let i = 0; i < UPLOADS; i++) await requestsAlone();
      },
      'requests',
    );
    const plainMs = await phase(
      idle,
      async () => {
        for (let i = 0; i < UPLOADS; i++) await plain();
      },
      'plain',
    );
    const row = {
      upload: uploadsMs / UPLOADS,
      pair: requestsMs / UPLOADS,
      plainPair: plainMs / UPLOADS,
    };
    rows.push(row);
    console.log(
      `  round ${round + 1} (load ${loadBefore}; idle ${idle.toFixed(1)} ms/s): ${row.upload.toFixed(2)} ms per upload, ${row.pair.toFixed(2)} ms per request pair alone, ${row.plainPair.toFixed(2)} ms per 2 plain requests; pair / plain ${(row.pair / row.plainPair).toFixed(1)}`,
    );
  }
  if (CPU_PROF) console.log(`  phases (monotonic us): ${marks.join(', ')}`);
  const m = (key) => median(rows.map((row) => row[key]));
  console.log(
    `  median: ${m('upload').toFixed(2)} ms per upload, ${m('pair').toFixed(2)} ms per request pair alone, ${m('plainPair').toFixed(2)} ms per 2 plain requests; load after ${load()}`,
  );
}

let code = 1;
try {
  await run();
  code = 0;
} catch (error) {
  console.error(error);
} finally {
  await cleanUp();
}
process.exit(code);
