// @ts-check
// The backup to a couple's drive: how fast the backup service copies a gallery to a local WebDAV server, against a
// plain copy of the same objects to the same server in the same run (goal: at least 80% of it), and the service's
// memory while it copies (goal: flat).
//
//   npm run build && node bench/backup.mjs [--photos=2000] [--photo-kb=256]
//   SERVICE_NODE_ARGS='--max-old-space-size=96' node bench/backup.mjs   (added to the service's Node arguments)
//
// PostgreSQL, NATS, the S3 server and the WebDAV server (Debian's `rclone serve webdav`) run as local child
// processes, the backup service as its own process as npm start runs it (BACKUP_NODE_ARGS, RETURN_FREED_MEMORY_ENV). Media and events are stood in for by
// NATS responders in this process (the photo list, the owner): the bench measures the copy path only. The plain
// copy reads each object from storage and PUTs it to the drive with its length, as many at once as the service
// copies (BACKUP_CONCURRENCY, 4), into a folder of its own as the backup writes into the gallery's.
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { connect } from '@nats-io/transport-node';
import {
  galleryCodeFromBytes,
  GALLERY_PHOTOS_PAGE_LIMIT,
  Requests,
} from '../packages/contracts/dist/index.js';
import {
  createDatabaseOnServer,
  findFreePort,
  startNats,
  startPostgres,
  startWebDav,
} from '../packages/local-servers/dist/index.js';
import { CLIENT_ADDRESS_HEADER, createS3Client, ensureBucket } from '../packages/platform/dist/index.js';
import { BACKUP_NODE_ARGS, REPO_ROOT, RETURN_FREED_MEMORY_ENV } from '../infra/services.mjs';
import { runOnProductNode } from '../infra/product-node.mjs';
import { cpuMs, rssMb } from './proc.mjs';
import { benchStorage, removeBucket } from './storage.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const BUCKET = process.env.S3_ENDPOINT ? `bench-backup-${randomBytes(4).toString('hex')}` : 'bench-backup';
const CONCURRENCY = 4;

function option(name, envName, fallback) {
  const flag = process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`));
  const raw = flag ? flag.slice(name.length + 3) : process.env[envName];
  return raw === undefined || raw === '' ? fallback : raw;
}

const COUNT = Number(option('photos', 'PHOTOS', '2000'));
const PHOTO_BYTES = Number(option('photo-kb', 'PHOTO_KB', '256')) * 1024;

/** @type {(() => Promise<unknown> | void)[]} */
const cleanups = [];
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const mb = (bytes) => (bytes / 1024 / 1024).toFixed(1);

/** `probe` every `everyMs` until it answers; the copies are followed once a second, which costs the service little. */
async function waitUntil(what, probe, timeoutMs, everyMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(everyMs);
  }
}

async function inParallel(items, concurrency, task) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await task(items[next++]);
    }),
  );
}

/** PUTs `body` (a stream of `size` bytes) to `url` with basic authentication, as the service does. */
function put(url, auth, body, size) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'PUT',
        agent: keepAlive,
        headers: { authorization: auth, 'content-length': String(size), 'content-type': 'image/jpeg' },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          (response.statusCode ?? 0) < 300
            ? resolve(undefined)
            : reject(new Error(`PUT ${response.statusCode}`)),
        );
      },
    );
    request.on('error', reject);
    body.pipe(request);
  });
}
const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });

async function run() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-backup-'));
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
  const drive = await startWebDav({
    dataDir: path.join(dataDir, 'drive'),
    port: await findFreePort(),
    username: 'couple',
    password: 'app-password',
  });
  cleanups.push(() => drive.stop());
  const auth = `Basic ${Buffer.from('couple:app-password').toString('base64')}`;
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

  const code = galleryCodeFromBytes(randomBytes(8));
  const ownerToken = randomBytes(16).toString('hex');
  const started = Date.now();
  const photos = Array.from({ length: COUNT }, (_, i) => ({
    id: randomUUID(),
    originalKey: `photos/${randomUUID()}/original`,
    fileName: `IMG_${String(i).padStart(5, '0')}.jpg`,
    contentType: 'image/jpeg',
    size: PHOTO_BYTES,
    createdAt: new Date(started + i * 1000).toISOString(),
    kind: 'photo',
    guestName: i % 10 === 0 ? null : `Guest ${i % 7}`,
  }));
  const byId = new Map(photos.map((photo) => [photo.id, photo]));
  process.stdout.write(`${COUNT} photos of ${PHOTO_BYTES / 1024} KB: storing... `);
  await inParallel(photos, 8, (photo) =>
    client.send(
      new PutObjectCommand({ Bucket: BUCKET, Key: photo.originalKey, Body: randomBytes(PHOTO_BYTES) }),
    ),
  );
  const totalBytes = COUNT * PHOTO_BYTES;

  const nc = await connect({ servers: nats.url });
  cleanups.push(() => nc.drain());
  nc.subscribe(Requests.GalleryPhotos, {
    callback: (_error, message) => {
      const { after, limit, ids } = message.json();
      const chosen = ids ? ids.map((id) => byId.get(id)).filter(Boolean) : photos;
      const start = after ? Number(after) : 0;
      const page = chosen.slice(start, start + Math.min(limit, GALLERY_PHOTOS_PAGE_LIMIT));
      const end = start + page.length;
      message.respond(
        JSON.stringify({ found: true, photos: page, next: end < chosen.length ? String(end) : null }),
      );
    },
  });
  nc.subscribe(Requests.OwnerAuthorization, {
    callback: (_error, message) => {
      const { authorization } = message.json();
      message.respond(
        JSON.stringify({
          gallery: {
            code,
            name: 'Sarah & Mike',
            plan: 'premium',
            createdAt: new Date(started).toISOString(),
            expiresAt: new Date(started + 365 * 86_400_000).toISOString(),
          },
          owner: authorization === `Bearer ${ownerToken}` ? { email: 'couple@example.com' } : null,
        }),
      );
    },
  });

  // The plain copy: every object read from storage and PUT to the drive, CONCURRENCY at once.
  process.stdout.write('plain copy... ');
  await new Promise((resolve, reject) =>
    http
      .request(`${drive.url}plain/`, { method: 'MKCOL', headers: { authorization: auth } }, (response) =>
        response.resume().on('end', resolve),
      )
      .on('error', reject)
      .end(),
  );
  const plainStart = performance.now();
  await inParallel(photos, CONCURRENCY, async (photo) => {
    const object = await client.send(new GetObjectCommand({ Bucket: BUCKET, Key: photo.originalKey }));
    await put(`${drive.url}plain/${photo.id}.jpg`, auth, object.Body, photo.size);
  });
  const plainSeconds = (performance.now() - plainStart) / 1000;

  // The backup service, as npm start runs it.
  const port = await findFreePort();
  const databaseUrl = await createDatabaseOnServer(postgres.url('postgres'), 'gallery_backup');
  const nodeArgs = [...BACKUP_NODE_ARGS, ...(process.env.SERVICE_NODE_ARGS ?? '').split(' ').filter(Boolean)];
  const service = spawn(
    process.execPath,
    [...nodeArgs, path.join(REPO_ROOT, 'services/backup/dist/main.js')],
    {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...RETURN_FREED_MEMORY_ENV,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        NATS_URL: nats.url,
        S3_ENDPOINT: storage.endpoint,
        S3_REGION: storage.region,
        S3_ACCESS_KEY_ID: storage.accessKeyId,
        S3_SECRET_ACCESS_KEY: storage.secretAccessKey,
        S3_BUCKET: BUCKET,
        BACKUP_SECRET_KEY: randomBytes(32).toString('base64'),
        BACKUP_ALLOW_PRIVATE_DESTINATIONS: 'true',
        BACKUP_CONCURRENCY: String(CONCURRENCY),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  cleanups.push(
    () =>
      new Promise((resolve) =>
        service.exitCode !== null ? resolve(undefined) : (service.once('exit', resolve), service.kill()),
      ),
  );
  const graphql = async (query) => {
    const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        authorization: `Bearer ${ownerToken}`,
        [CLIENT_ADDRESS_HEADER]: 'bench',
      },
      body: JSON.stringify({ query, variables: { code } }),
    });
    const body = await response.json();
    if (body.errors) throw new Error(JSON.stringify(body.errors));
    return body.data;
  };
  await waitUntil(
    'the backup service',
    () =>
      fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      ),
    120_000,
  );
  await graphql(
    `mutation ($code: String!) { connectWebDavBackup(eventCode: $code, url: "${drive.url}", username: "couple", password: "app-password", folderPerGuest: true) { state } }`,
  );
  await sleep(2000);
  const idleRss = await rssMb(service.pid);
  process.stdout.write('backup... ');
  const cpuBefore = await cpuMs(service.pid);
  const backupStart = performance.now();
  await graphql('mutation ($code: String!) { backUpEverything(eventCode: $code) { total } }');
  const rssAt = [];
  let peak = 0;
  await waitUntil(
    'every copy',
    async () => {
      const { backup } = await graphql(
        'query ($code: String!) { backup(eventCode: $code) { copied total } }',
      );
      const rss = await rssMb(service.pid);
      peak = Math.max(peak, rss);
      const quarter = Math.floor((backup.copied / COUNT) * 4);
      if (quarter > rssAt.length && rssAt.length < 4) rssAt.push(`${backup.copied}: ${rss.toFixed(0)} MB`);
      return backup.copied === COUNT;
    },
    60 * 60_000,
    1000,
  );
  const backupSeconds = (performance.now() - backupStart) / 1000;
  const cpu = (await cpuMs(service.pid)) - cpuBefore;
  const hwm = await rssMb(service.pid, 'VmHWM');
  console.log('done');
  console.log(`photos                       ${COUNT} x ${PHOTO_BYTES / 1024} KB = ${mb(totalBytes)} MB`);
  console.log(
    `plain copy (S3 GET -> PUT)   ${plainSeconds.toFixed(1)} s, ${(totalBytes / 1024 / 1024 / plainSeconds).toFixed(1)} MB/s, ${(COUNT / plainSeconds).toFixed(0)} photos/s`,
  );
  console.log(
    `backup service               ${backupSeconds.toFixed(1)} s, ${(totalBytes / 1024 / 1024 / backupSeconds).toFixed(1)} MB/s, ${(COUNT / backupSeconds).toFixed(0)} photos/s`,
  );
  console.log(
    `backup / plain throughput    ${((plainSeconds / backupSeconds) * 100).toFixed(0)}% (goal: at least 80%)`,
  );
  console.log(`service CPU                  ${(cpu / COUNT).toFixed(1)} ms per photo`);
  console.log(
    `service RSS                  idle ${idleRss.toFixed(0)} MB; peak ${Math.max(peak, hwm).toFixed(0)} MB`,
  );
  console.log(`RSS as copies went           ${rssAt.join(', ')}`);
}

try {
  await run();
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup()?.catch?.(() => undefined);
}
process.exit(0);
