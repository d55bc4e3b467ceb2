// @ts-check
// A guest's long video over a venue link that drops: a Premium gallery takes an N MB video (500 by default),
// sent as the browser sends it (services/media multipart slots, web/src/gallery/uploadQueue.ts: parts one after
// the other, a part cut off sent again from its start after a second), through a throttling proxy on loopback
// that cuts every connection every 20 s. Prints the bytes that crossed the proxy against the file's size.
//
//   node bench/resumable.mjs [--megabytes=500] [--mbps=80] [--drop-every=20]
//
// The local S3 server checks no signature, so part URLs signed for the storage's address are sent to the
// proxy's instead; on real storage the proxy would be the storage's public endpoint (S3_PUBLIC_ENDPOINT).
import { execFileSync } from 'node:child_process';
import { open, stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { runOnProductNode } from '../infra/product-node.mjs';
import { startBenchProduct } from './product.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const arg = (name, fallback) => {
  const given = process.argv.find((value) => value.startsWith(`--${name}=`));
  return given ? Number(given.split('=')[1]) : fallback;
};
const MEGABYTES = arg('megabytes', 500);
const MBPS = arg('mbps', 80);
const DROP_EVERY_S = arg('drop-every', 20);
/** What the browser waits before sending a cut part again (LOST_ANSWER_DELAYS_MS[0]). */
const RETRY_MS = 1000;
/** Part URLs older than this are asked for again (URL_FRESH_MS). */
const URL_FRESH_MS = 4 * 60 * 1000;

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function graphql(url, query, variables = {}, token) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A real MP4 of two seconds followed by a `free` box (players and ffmpeg skip it) up to `bytes`. */
async function paddedVideo(dir, bytes) {
  const ffmpeg = createRequire(import.meta.url)('@ffmpeg-installer/ffmpeg').path;
  const file = path.join(dir, 'speech.mp4');
  execFileSync(ffmpeg, [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=duration=2:size=320x240:rate=10'],
    ...['-c:v', 'mpeg4', '-pix_fmt', 'yuv420p', file],
  ]);
  const handle = await open(file, 'a');
  const padding = bytes - (await stat(file)).size;
  const header = Buffer.alloc(8);
  header.writeUInt32BE(padding, 0);
  header.write('free', 4, 'latin1');
  await handle.write(header);
  const zeros = Buffer.alloc(4 * 1024 * 1024);
  for (let left = padding - 8; left > 0; left -= zeros.length)
    await handle.write(zeros, 0, Math.min(left, zeros.length));
  await handle.close();
  return file;
}

/**
 * A TCP proxy to `target` that sends the client's bytes on at `mbps` and cuts every connection every
 * `dropEverySeconds`; `sent()` is what crossed it towards storage.
 */
async function flakyProxy(target, mbps, dropEverySeconds) {
  const bytesPerMs = (mbps * 1e6) / 8 / 1000;
  const live = new Set();
  let sent = 0;
  let drops = 0;
  let nextFreeAt = 0;
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.hostname);
    const pair = { client, upstream };
    live.add(pair);
    const close = () => {
      live.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
    upstream.pipe(client);
    client.on('data', (chunk) => {
      const now = performance.now();
      const wait = Math.max(0, nextFreeAt - now);
      nextFreeAt = Math.max(now, nextFreeAt) + chunk.length / bytesPerMs;
      const forward = () => {
        if (upstream.destroyed) return;
        sent += chunk.length;
        upstream.write(chunk);
      };
      if (wait < 1) return forward();
      client.pause();
      setTimeout(() => {
        forward();
        client.resume();
      }, wait);
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const timer = setInterval(() => {
    drops += 1;
    for (const pair of live) {
      pair.client.destroy();
      pair.upstream.destroy();
    }
  }, dropEverySeconds * 1000);
  return {
    origin: `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`,
    sent: () => sent,
    drops: () => drops,
    stop: () => {
      clearInterval(timer);
      for (const pair of live) pair.client.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

async function run() {
  const { product, s3, dataDir } = await startBenchProduct('resumable', cleanups);
  const url = product.url;

  const { createGallery } = await graphql(
    url,
    `
      mutation ($input: CreateGalleryInput!) {
        createGallery(input: $input) {
          event {
            code
          }
          ownerToken
        }
      }
    `,
    {
      input: {
        coupleNames: 'Sarah & Mike',
        weddingDate: '2027-06-12',
        location: 'Lyon, France',
        email: 'sarah@example.com',
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
      },
    },
  );
  const code = createGallery.event.code;
  const { startCheckout } = await graphql(
    url,
    'mutation ($code: String!) { startCheckout(eventCode: $code, plan: PREMIUM) { id } }',
    { code },
    createGallery.ownerToken,
  );
  await graphql(url, 'mutation ($id: ID!) { payDemoCheckout(id: $id) { status } }', { id: startCheckout.id });
  for (;;) {
    const { event } = await graphql(url, 'query ($code: String!) { event(code: $code) { plan } }', { code });
    if (event.plan === 'PREMIUM') break;
    await sleep(200);
  }

  const file = await paddedVideo(dataDir, MEGABYTES * 1e6);
  const size = (await stat(file)).size;
  const proxy = await flakyProxy(new URL(s3.endpoint), MBPS, DROP_EVERY_S);
  cleanups.push(() => proxy.stop());
  const started = performance.now();

  // Media learns the Premium plan from plan.upgraded a moment after events: videos are refused until then.
  let requestPhotoUploads;
  for (const deadline = Date.now() + 60_000; !requestPhotoUploads;) {
    try {
      ({ requestPhotoUploads } = await graphql(
        url,
        `
          mutation ($code: String!, $files: [PhotoUploadRequest!]!) {
            requestPhotoUploads(eventCode: $code, files: $files) {
              uploadId
              multipart {
                partSize
                partCount
              }
            }
          }
        `,
        { code, files: [{ fileName: 'speech.mp4', contentType: 'video/mp4', size }] },
      ));
    } catch (error) {
      if (!String(error.message).includes('VIDEOS_NEED_PREMIUM') || Date.now() > deadline) throw error;
      await sleep(200);
    }
  }
  const [{ uploadId, multipart }] = requestPhotoUploads;
  const { partSize, partCount } = multipart;
  const handle = await open(file, 'r');
  const urls = new Map();
  let retries = 0;
  for (let partNumber = 1; partNumber <= partCount; partNumber++) {
    const length = Math.min(partSize, size - (partNumber - 1) * partSize);
    const body = Buffer.alloc(length);
    await handle.read(body, 0, length, (partNumber - 1) * partSize);
    for (;;) {
      let known = urls.get(partNumber);
      if (!known || known.at + URL_FRESH_MS < performance.now()) {
        const wanted = Array.from(
          { length: Math.min(10, partCount - partNumber + 1) },
          (_, i) => partNumber + i,
        );
        const { requestUploadParts } = await graphql(
          url,
          `
            mutation ($code: String!, $id: ID!, $parts: [Int!]!) {
              requestUploadParts(eventCode: $code, uploadId: $id, partNumbers: $parts) {
                partNumber
                url
              }
            }
          `,
          { code, id: uploadId, parts: wanted },
        );
        const at = performance.now();
        for (const part of requestUploadParts) {
          const signed = new URL(part.url);
          urls.set(part.partNumber, { url: `${proxy.origin}${signed.pathname}${signed.search}`, at });
        }
        known = urls.get(partNumber);
      }
      const answer = await fetch(known.url, { method: 'PUT', body }).catch(() => null);
      if (answer?.ok) break;
      retries += 1;
      await sleep(RETRY_MS);
    }
  }
  await handle.close();
  const uploadedMs = performance.now() - started;
  const sent = proxy.sent();
  const drops = proxy.drops();
  await proxy.stop();
  const { confirmPhotoUpload } = await graphql(
    url,
    'mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id kind } }',
    { code, id: uploadId },
  );
  if (confirmPhotoUpload.kind !== 'video') throw new Error('the video was not recorded');

  console.log(
    `resumable: ${(size / 1e6).toFixed(0)} MB video in ${partCount} parts of ${partSize / 1024 / 1024} MiB, ` +
      `${MBPS} Mbit/s, the connection cut every ${DROP_EVERY_S} s`,
  );
  console.log(
    `  completed in ${(uploadedMs / 1000).toFixed(1)} s through ${drops} drops (${retries} parts sent again), ` +
      `confirmed as a video`,
  );
  console.log(
    `  bytes sent ${(sent / 1e6).toFixed(1)} MB for ${(size / 1e6).toFixed(1)} MB: ${(sent / size).toFixed(3)}x (goal under 1.1x)`,
  );
}

try {
  await run();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
}
