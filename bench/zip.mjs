// @ts-check
// Download All: how fast the download service zips a gallery, against a raw read of the same originals from
// the same storage, how much memory it holds (peak RSS of its process for a small and a large gallery), and how
// soon the first progress event arrives after requestArchive.
//
//   npm run build && node bench/zip.mjs [--photos=100,2000] [--photo-kb=512]
//   (or PHOTOS=100,2000 PHOTO_KB=512 node bench/zip.mjs)
//   SERVICE_NODE_ARGS='--max-old-space-size=96' node bench/zip.mjs   (added to the service's Node arguments, to try one)
//   SERVICE_NODE_OPTIONS='--import=./log.mjs' node bench/zip.mjs      (the service's NODE_OPTIONS)
//   --memory-only (or MEMORY_ONLY=1): no raw read or raw copy, for runs that compare the service's memory only
//   S3_ENDPOINT=... S3_ACCESS_KEY_ID=... S3_SECRET_ACCESS_KEY=... node bench/zip.mjs   (storage elsewhere: a bucket
//     of its own, emptied and removed at the end; see bench/storage.mjs)
//
// PostgreSQL, NATS and (unless S3_ENDPOINT is set) the S3 server run as local child processes, the download
// service as its own process (a fresh one per gallery size, so its peak RSS is that gallery's). Media and
// events are stood in for by NATS responders in this process (the photo list, the owner's permission): the
// bench measures the zip path only.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { connect } from '@nats-io/transport-node';
import {
  archiveProgressSubject,
  galleryCodeFromBytes,
  GALLERY_PHOTOS_PAGE_LIMIT,
  Requests,
} from '../packages/contracts/dist/index.js';
import {
  createDatabaseOnServer,
  findFreePort,
  startNats,
  startPostgres,
} from '../packages/local-servers/dist/index.js';
import { CLIENT_ADDRESS_HEADER, createS3Client, ensureBucket } from '../packages/platform/dist/index.js';
import { DOWNLOAD_NODE_ARGS, RETURN_FREED_MEMORY_ENV, REPO_ROOT } from '../infra/services.mjs';
import { runOnProductNode } from '../infra/product-node.mjs';
import { cpuMs, rssMb } from './proc.mjs';
import { benchStorage, describeStorage, removeBucket } from './storage.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

// On storage elsewhere, a bucket of this run's own, removed at the end.
const BUCKET = process.env.S3_ENDPOINT ? `bench-zip-${randomBytes(4).toString('hex')}` : 'bench-zip';
const WATCHDOG_MS = 60 * 60_000;

function option(name, envName, fallback) {
  const flag = process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`));
  const raw = flag ? flag.slice(name.length + 3) : process.env[envName];
  return raw === undefined || raw === '' ? fallback : raw;
}

const SIZES = String(option('photos', 'PHOTOS', '100,2000'))
  .split(',')
  .map(Number)
  .filter((n) => Number.isInteger(n) && n > 0);
const PHOTO_BYTES = Number(option('photo-kb', 'PHOTO_KB', '512')) * 1024;
const MEMORY_ONLY =
  process.argv.includes('--memory-only') || ['1', 'true'].includes(option('memory-only', 'MEMORY_ONLY', ''));

/** @type {(() => Promise<unknown> | void)[]} */
const cleanups = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);
const share = (core) => (Number.isFinite(core) ? `${core.toFixed(0)}%` : 'not measured');

async function waitUntil(what, probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(20);
  }
}

/** Runs `task` over `items`, `concurrency` at a time. */
async function inParallel(items, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

async function drain(body) {
  let bytes = 0;
  for await (const chunk of body) bytes += chunk.length;
  return bytes;
}

async function run() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-zip-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const postgres = await startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: await findFreePort(),
    persistent: false,
  });
  cleanups.push(() => postgres.stop());
  const nats = await startNats({ dataDir: path.join(dataDir, 'nats'), port: await findFreePort() });
  cleanups.push(() => nats.stop());
  const s3 = await benchStorage({ dataDir, buckets: [BUCKET] });
  cleanups.push(() => s3.stop());
  const storage = {
    endpoint: s3.endpoint,
    region: s3.region,
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    bucket: BUCKET,
  };
  const client = createS3Client(storage);
  cleanups.push(() => client.destroy());
  if (s3.elsewhere) {
    await ensureBucket(client, BUCKET);
    cleanups.push(() => removeBucket(client, BUCKET));
  }
  const nc = await connect({ servers: nats.url });
  cleanups.push(() => nc.drain());

  // The stand-ins for media and events.
  const galleries = new Map();
  nc.subscribe(Requests.GalleryPhotos, {
    callback: (_error, message) => {
      const { code, after, limit } = message.json();
      const photos = galleries.get(code) ?? [];
      const start = after ? Number(after) : 0;
      const page = photos.slice(start, start + Math.min(limit, GALLERY_PHOTOS_PAGE_LIMIT));
      const end = start + page.length;
      message.respond(
        JSON.stringify({ found: true, photos: page, next: end < photos.length ? String(end) : null }),
      );
    },
  });
  nc.subscribe(Requests.DownloadPermission, {
    callback: (_error, message) => {
      const { code } = message.json();
      message.respond(
        JSON.stringify({
          gallery: { code, name: 'Sarah & Mike' },
          owner: true,
          guestDownloadsAllowed: false,
        }),
      );
    },
  });
  // A gallery without a PIN: every caller admitted.
  nc.subscribe(Requests.GuestAdmission, {
    callback: (_error, message) => {
      message.respond(JSON.stringify({ admitted: true }));
    },
  });

  const results = [];
  for (const count of SIZES) {
    const code = galleryCodeFromBytes(randomBytes(8));
    const photos = [];
    const started = Date.now();
    for (let i = 0; i < count; i++) {
      photos.push({
        id: randomUUID(),
        originalKey: `photos/${randomUUID()}/a/original`,
        fileName: `IMG_${String(i).padStart(5, '0')}.jpg`,
        contentType: 'image/jpeg',
        size: PHOTO_BYTES,
        createdAt: new Date(started + i * 1000).toISOString(),
        kind: 'photo',
        guestName: null,
        guestCopyKey: null,
      });
    }
    process.stdout.write(`${count} photos of ${PHOTO_BYTES / 1024} KB: storing... `);
    await inParallel(photos, 8, (photo) =>
      client.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: photo.originalKey, Body: randomBytes(PHOTO_BYTES) }),
      ),
    );
    galleries.set(code, photos);
    const totalBytes = count * PHOTO_BYTES;

    // Raw read: the same objects, one after another as the builder reads them, bytes counted and dropped.
    process.stdout.write(MEMORY_ONLY ? '' : 'raw read... ');
    const rawStart = performance.now();
    const s3CpuBeforeRead = await cpuMs(s3.pid);
    for (const photo of MEMORY_ONLY ? [] : photos) {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: photo.originalKey }));
      await drain(object.Body);
    }
    const rawSeconds = (performance.now() - rawStart) / 1000;
    const s3ReadCpuMs = (await cpuMs(s3.pid)) - s3CpuBeforeRead;

    // Raw copy: the same reads piped one after another into one multipart upload, as the zip does but without
    // the zip: what storage allows for reading and writing every byte once each.
    process.stdout.write(MEMORY_ONLY ? '' : 'raw copy... ');
    const copyStart = performance.now();
    const pipe = new PassThrough();
    const copy = new Upload({
      client,
      params: { Bucket: BUCKET, Key: `bench/${code}.bin`, Body: pipe },
      partSize: 5 * 1024 * 1024,
      queueSize: 2,
    }).done();
    for (const photo of MEMORY_ONLY ? [] : photos) {
      const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: photo.originalKey }));
      for await (const chunk of /** @type {import('node:stream').Readable} */ (object.Body))
        if (!pipe.write(chunk)) await new Promise((r) => pipe.once('drain', r));
    }
    pipe.end();
    await copy;
    const copySeconds = (performance.now() - copyStart) / 1000;

    // A fresh download service, so its peak RSS is this gallery's.
    const port = await findFreePort();
    const nodeArgs = [
      ...DOWNLOAD_NODE_ARGS,
      ...(process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean),
    ];
    const service = spawn(
      process.execPath,
      [...nodeArgs, path.join(REPO_ROOT, 'services/download/dist/main.js')],
      {
        env: {
          ...process.env,
          NODE_ENV: 'production',
          // As the product runs it (infra/services.mjs).
          ...RETURN_FREED_MEMORY_ENV,
          NODE_OPTIONS: process.env.SERVICE_NODE_OPTIONS ?? '',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: await createDatabaseOnServer(
            postgres.url('postgres'),
            `bench_${count}_${Date.now()}`,
          ),
          NATS_URL: nats.url,
          S3_ENDPOINT: s3.endpoint,
          S3_REGION: s3.region,
          S3_ACCESS_KEY_ID: s3.accessKeyId,
          S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
          S3_BUCKET: BUCKET,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const exited = new Promise((resolve) => service.once('exit', resolve));
    await waitUntil(
      'the download service',
      () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          (r) => r.ok,
          () => false,
        ),
      60_000,
    );
    const idleRss = (await rssMb(service.pid, 'VmHWM')) * 1024 * 1024;

    process.stdout.write('zip... ');
    /** @type {number | undefined} */
    let firstProgress;
    /** @type {{ at: number, progress: { stage: string } } | undefined} */
    let complete;
    const subscription = nc.subscribe(archiveProgressSubject(code), {
      callback: (_error, message) => {
        const progress = message.json();
        firstProgress ??= performance.now();
        if (progress.stage === 'complete' || progress.stage === 'failed')
          complete = { at: performance.now(), progress };
      },
    });
    await nc.flush();
    const [s3CpuBeforeZip, serviceCpuBeforeZip] = [await cpuMs(s3.pid), await cpuMs(service.pid)];
    const zipStart = performance.now();
    const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [CLIENT_ADDRESS_HEADER]: 'bench' },
      body: JSON.stringify({
        query: 'mutation ($code: String!) { requestArchive(eventCode: $code) { id status } }',
        variables: { code },
      }),
    });
    const answered = performance.now();
    const body = await response.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    const ended = await waitUntil('the zip', () => complete, WATCHDOG_MS);
    subscription.unsubscribe();
    if (ended.progress.stage !== 'complete') throw new Error('the zip failed');
    const zipSeconds = (ended.at - zipStart) / 1000;
    const s3ZipCpuMs = (await cpuMs(s3.pid)) - s3CpuBeforeZip;
    const serviceZipCpuMs = (await cpuMs(service.pid)) - serviceCpuBeforeZip;
    const rss = (await rssMb(service.pid, 'VmHWM')) * 1024 * 1024;
    service.kill('SIGTERM');
    await exited;

    results.push({
      count,
      totalBytes,
      rawMBps: totalBytes / 1024 / 1024 / rawSeconds,
      copyMBps: totalBytes / 1024 / 1024 / copySeconds,
      zipMBps: totalBytes / 1024 / 1024 / zipSeconds,
      zipSeconds,
      firstProgressMs: (firstProgress ?? NaN) - zipStart,
      answerMs: answered - zipStart,
      idleRss,
      rss,
      // Share of one core, from /proc: storage's own load during the raw read and the zip, and the service's.
      s3ReadCore: MEMORY_ONLY ? NaN : s3ReadCpuMs / 10 / rawSeconds,
      s3ZipCore: s3ZipCpuMs / 10 / zipSeconds,
      serviceZipCore: serviceZipCpuMs / 10 / zipSeconds,
    });
    process.stdout.write('done\n');
  }

  console.log(
    `\nNode ${process.version}, ${os.cpus()[0]?.model ?? 'cpu'} x ${os.cpus().length}, ${(os.totalmem() / 1024 ** 3).toFixed(0)} GiB; ${describeStorage(s3)}`,
  );
  console.log(
    '| photos | data | raw read | raw copy (read + multipart write) | zip (build + upload) | zip / raw read | zip / raw copy | time to first progress | requestArchive answered | peak RSS idle | peak RSS |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.count} | ${mb(r.totalBytes)} MB | ${r.rawMBps.toFixed(1)} MB/s | ${r.copyMBps.toFixed(1)} MB/s | ${r.zipMBps.toFixed(1)} MB/s (${r.zipSeconds.toFixed(1)} s) | ${((r.zipMBps / r.rawMBps) * 100).toFixed(0)}% | ${((r.zipMBps / r.copyMBps) * 100).toFixed(0)}% | ${r.firstProgressMs.toFixed(0)} ms | ${r.answerMs.toFixed(0)} ms | ${mb(r.idleRss)} MB | ${mb(r.rss)} MB |`,
    );
  }
  console.log('\nCPU, as a share of one core: what storage and the service took while they ran');
  console.log('| photos | S3 server in the raw read | S3 server in the zip | download service in the zip |');
  console.log('| --- | --- | --- | --- |');
  for (const r of results) {
    console.log(
      `| ${r.count} | ${share(r.s3ReadCore)} | ${share(r.s3ZipCore)} | ${share(r.serviceZipCore)} |`,
    );
  }
}

const watchdog = setTimeout(() => {
  console.error('bench/zip: watchdog fired');
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

try {
  await run();
} catch (error) {
  console.error(error);
  process.exitCode = 1;
} finally {
  for (const cleanup of cleanups.reverse()) await Promise.resolve(cleanup()).catch(() => undefined);
}
