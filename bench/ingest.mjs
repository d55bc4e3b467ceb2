// @ts-check
// Ingest: phone photos through the whole product against bare sharp making the same derived images.
//
//   npm run build && node bench/ingest.mjs [--photos=200] [--uploaders=4] [--megapixels=12] [--heic=4]
//     [--rounds=1] [--media=1] [--cpu-prof=DIR] [--media-node-args="--trace-gc ..."] [--media-log=FILE]
//     [--count-calls] [--warm-up-bursts=0] [--slots-per-request=3] [--slots-apart[=R]] [--perf=DIR]
//     [--originals=0]
//
// The product: PostgreSQL, NATS and the S3 server as local processes (or storage elsewhere with S3_ENDPOINT, as
// in bench/storage.mjs: the services then write into their bucket there, gallery-media), the services and the
// gateway as npm start runs them. `--uploaders` guests at once, each in a gallery of its own (a free gallery
// takes 50 photos, and each burst's galleries are made before the first burst), each sending its photos as the
// web app does: the slots of its first `--slots-per-request` files in a request of their own (the web app asks for
// as many as it sends at once, UPLOAD_CONCURRENCY), then each photo PUT to storage and confirmed, the slots of the
// next files asked for in the request that confirms the last file holding one (the media service reads
// it back, decodes it once to the preview's size, makes the 400 px thumbnail from those pixels, stores it,
// commits; then, in the background, the 1600 px preview from the same pixels, stored and recorded). The
// product's time runs until the last preview is recorded, not only the last confirmation; its CPU, until every
// service's consumers have handled every event of the burst. Bare sharp: the same files, in this process, the
// same two resizes from the same bytes in memory, twice: one photo at a time (as the media service's image work
// queue mostly runs them on 2 cores), then as many at a time as there are cores (what the machine can do). Both
// ratios are printed.
// --rounds=N: bare sharp and the product take turns N times (the product started once, idle while bare sharp
// runs, its CPU then printed), each round's ratios from runs minutes apart, and the median of the rounds: on a
// shared machine whose speed drifts between runs, one bare run against one product run says little.
// Beside the ratio, the CPU time each process spent per photo during the product's run, from /proc: what the
// pipeline costs besides the decode and resizes bare sharp also does; and media's minor page faults per photo
// against bare sharp's (pages the kernel hands over and zeroes: memory given back and asked for again).
// --warm-up-bursts=N: N bursts of --photos photos through the product before the first round, not counted: a
// service runs for days, and V8 goes on optimizing its code over the first few hundred photos (bare sharp's
// warm-up is its 8 files, its JavaScript being a loop of two calls).
// --media=N: N media replicas, each behind a gateway of its own, uploader u using replica u % N; each replica's CPU
// and its gateway's per photo it confirmed are printed too. Two replicas set differently (an environment switch in
// a local build) see the same photos at the same moments, so their difference holds where the machine's speed
// drifts between runs.
// --cpu-prof=DIR: media, the gateway and the events service run with `node --cpu-prof`, each writing its profiles
// into a folder of its own in DIR (DIR/media, DIR/gateway, DIR/events) when the product stops.
// --perf=DIR: CPU-time samples of media, the gateway and events by Linux perf (bench/perf-recorder.mjs), taken
// during each counted burst only, each process and round into a file of its own in DIR (media-round-1.data, ...);
// `node bench/perf-libraries.mjs FILE...` says where one process's CPU went. Unlike --cpu-prof's wall-clock
// samples, they hold on a loaded machine.
// --count-calls: the media service's SQL statements, storage requests and the connections they opened per photo
// in each burst, counted in the service by bench/call-counter.mjs (loaded with --import; nothing of the product
// changes).
// The ratio the pipeline's cost is judged by: media's CPU per photo over bare sharp's (one photo at a time), and
// media's, the gateway's and the events service's together over bare sharp's. Beside them, the same two as
// differences in ms a photo: what the services cost beside the image work, which moves less than the ratio
// between machines that run libvips faster or slower (docs/decisions.md, "how media's cost is measured").
// The product does one piece of work bare sharp does not: each photo's guest copy (the original without
// identifying metadata), made by exiftool, a process of media's own whose CPU is not in media's: it is printed
// apart, with a third ratio, media and its exiftool together over bare sharp. Since 2026-12-01 a photo's copy is made
// when it is first needed, not at its confirmation, so the bursts make none; `--originals=N` then asks, as a guest,
// for the originals of N photos of the last burst, one after another, twice each: the first answer waits for the
// copy to be made, the second finds it. Printed: the time to each redirect, and media's and its exiftool's CPU per
// copy made (what a photo's copy now costs when, and if, someone needs it).
// HEIC: `--heic` photos of the same size made with heif-enc (Debian's libheif-examples) when it is installed,
// through the product one at a time, and decoded bare with libheif-js + sharp, for the time per HEIC.
import { execFileSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { chmod, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { findFreePort, startNats, startPostgres } from '../packages/local-servers/dist/index.js';
import { startProduct } from '../infra/product.mjs';
import { SERVICE_DATABASES } from '../infra/services.mjs';
import { runOnProductNode } from '../infra/product-node.mjs';
import { bareDerive } from './bare-sharp.mjs';
import { cleanUp, machine, option, percentile, sleep } from './bench-run.mjs';
import { recordPerf } from './perf-recorder.mjs';
import { phonePhoto } from './phone-photo.mjs';
import { productCpu } from './product-cpu.mjs';
import { watchProductWork } from './product-work.mjs';
import { cpuMsByThreadName, rssMb } from './proc.mjs';
import { benchStorage, describeStorage } from './storage.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const PHOTOS = option('photos', 200);
const UPLOADERS = option('uploaders', 4);
const MEGAPIXELS = option('megapixels', 12);
const HEICS = option('heic', 4);
const MEDIA = option('media', 1);
const ROUNDS = Math.max(1, option('rounds', 1));
const CPU_PROF = option('cpu-prof', '');
const PERF = option('perf', '');
// Node options for the media service (an A/B of its heap settings), and a file for its output (--trace-gc's).
const MEDIA_NODE_ARGS = option('media-node-args', '').split(' ').filter(Boolean);
const MEDIA_LOG = option('media-log', '');
const COUNT_CALLS = process.argv.includes('--count-calls');
const ORIGINALS = option('originals', 0);
const WARM_UP_BURSTS = option('warm-up-bursts', 0);
// As the web app asks for its slots: for the next files about to go, up to UPLOAD_CONCURRENCY
// (web/src/gallery/uploadItems.ts) at once.
const SLOTS_PER_REQUEST = Math.max(1, option('slots-per-request', 3));
// --slots-apart: every uploader asks for its next slots in a request of its own; --slots-apart=R: the uploaders
// of media replica R (with --media=2, a paired A/B of the two ways).
const SLOTS_APART_REPLICA = option('slots-apart', -1);
const slotsApartFor = (uploader) =>
  process.argv.includes('--slots-apart') || SLOTS_APART_REPLICA === uploader % MEDIA;
const DISTINCT = 8;
const CORES = os.availableParallelism();
// Galleries 98 and 99 are the HEIC's and the warm-up photo's.
if ((ROUNDS + WARM_UP_BURSTS) * UPLOADERS > 98) throw new Error('too many rounds and warm-up bursts');
if (Math.ceil(PHOTOS / UPLOADERS) > 50)
  throw new Error('at most 50 photos per uploader (one free gallery each)');

/** libheif-js (WebAssembly) to RGBA, as the media service decodes HEIC, then the same resizes. */
function heifToRgba(bytes) {
  const libheif = createRequire(import.meta.url)('libheif-js/wasm-bundle.js');
  const [image] = new libheif.HeifDecoder().decode(bytes);
  const width = image.get_width();
  const height = image.get_height();
  const pixels = new Uint8ClampedArray(width * height * 4);
  return new Promise((resolve, reject) =>
    image.display({ data: pixels, width, height }, (shown) =>
      shown
        ? resolve({ width, height, rgba: Buffer.from(pixels.buffer) })
        : reject(new Error('HEIF decode failed')),
    ),
  );
}

async function graphql(url, query, variables, address) {
  const response = await fetch(`${url}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
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
  confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) { id width height }
}`;
const CONFIRM_AND_REQUEST_NEXT = `mutation($eventCode: String!, $uploadId: ID!, $files: [PhotoUploadRequest!]!) {
  confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) { id width height }
  requestPhotoUploads(eventCode: $eventCode, files: $files) { uploadId uploadUrl headers { name value } }
}`;

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];

function hasHeifEnc() {
  try {
    execFileSync('heif-enc', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

async function run() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-ingest-'));
  await chmod(dataDir, 0o755);
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

  console.log(`ingest: making ${DISTINCT} distinct ${MEGAPIXELS} MP photos...`);
  const photos = [];
  for (let i = 0; i < DISTINCT; i++) photos.push(await phonePhoto(MEGAPIXELS));
  const fileOf = (i) => photos[i % DISTINCT];
  const heics = [];
  if (HEICS > 0 && hasHeifEnc()) {
    for (let i = 0; i < Math.min(HEICS, DISTINCT); i++) {
      const jpeg = path.join(dataDir, `h${i}.jpg`);
      const heic = path.join(dataDir, `h${i}.heic`);
      await writeFile(jpeg, photos[i]);
      execFileSync('heif-enc', ['-q', '60', jpeg, '-o', heic], { stdio: 'ignore' });
      heics.push(await readFile(heic));
    }
  }

  /**
   * Bare sharp on the same files: one photo at a time, then as many at a time as there are cores. One at a time
   * leaves part of the cores idle (a JPEG's decode runs on one thread), so the ratio against it says how much the
   * pipeline costs around the same image work, and the ratio against all cores what the machine could do.
   */
  async function bare() {
    const load = machine().load;
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const faultsStart = process.resourceUsage().minorPageFault;
    const threadsStart = await cpuMsByThreadName(process.pid);
    for (let i = 0; i < PHOTOS; i++) await bareDerive(fileOf(i));
    const oneSeconds = (performance.now() - start) / 1000;
    const cpu = process.cpuUsage(cpuStart);
    const pageFaultsPerPhoto = (process.resourceUsage().minorPageFault - faultsStart) / PHOTOS;
    const threadsEnd = await cpuMsByThreadName(process.pid);
    const allCoresStart = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: CORES }, async () => {
        while (next < PHOTOS) await bareDerive(fileOf(next++));
      }),
    );
    const allCoresSeconds = (performance.now() - allCoresStart) / 1000;
    return {
      load,
      oneSeconds,
      allCoresSeconds,
      oneRate: PHOTOS / oneSeconds,
      allCoresRate: PHOTOS / allCoresSeconds,
      cpuMsPerPhoto: (cpu.user + cpu.system) / 1000 / PHOTOS,
      pageFaultsPerPhoto,
      threadsPerPhoto: Object.fromEntries(
        Object.keys(threadsEnd).map((thread) => [
          thread,
          (threadsEnd[thread] - (threadsStart[thread] ?? 0)) / PHOTOS,
        ]),
      ),
    };
  }

  const host = machine();
  // Warm-up, not counted, as the product gets its warm-up photo: the first few photos through a fresh process
  // take longer (about 1.5 s more over the first 50 here), which would flatter the product's ratio.
  for (let i = 0; i < DISTINCT; i++) await bareDerive(fileOf(i));
  // The first round's bare sharp before the product starts, on a machine as quiet as a shared one is.
  const bareRounds = [await bare()];
  const bareHeic = [];
  // libheif's WebAssembly is compiled once per process (as in the media service's worker): not counted.
  if (heics.length > 0) await heifToRgba(heics[0]);
  for (const heic of heics) {
    const start = performance.now();
    const { width, height, rgba } = await heifToRgba(heic);
    await bareDerive(rgba, { raw: { width, height, channels: 4 } });
    bareHeic.push(performance.now() - start);
  }

  const postgres = await startPostgres({
    dataDir: path.join(dataDir, 'postgres'),
    port: await findFreePort(),
    persistent: false,
  });
  cleanups.push(() => postgres.stop());
  const nats = await startNats({ dataDir: path.join(dataDir, 'nats'), port: await findFreePort() });
  cleanups.push(() => nats.stop());
  const s3 = await benchStorage({ dataDir });
  cleanups.push(() => s3.stop());
  // Each profiled service writes into a folder of its own under --cpu-prof's.
  // perf names JavaScript functions from the map files --perf-basic-prof writes.
  const profiling = (name) => [
    ...(CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.join(path.resolve(CPU_PROF), name)}`] : []),
    ...(PERF ? ['--perf-basic-prof'] : []),
  ];
  const mediaLog = MEDIA_LOG ? createWriteStream(path.resolve(MEDIA_LOG)) : undefined;
  // Ended after the product stopped (cleanups run last first), so the service's last lines are in it.
  if (mediaLog) cleanups.push(() => new Promise((resolve) => mediaLog.end(resolve)));
  const product = await startProduct({
    platformEnv: {
      DATABASE_URL: postgres.url('postgres'),
      NATS_URL: nats.url,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    log: mediaLog ? (name, line) => name.startsWith('media') && mediaLog.write(`${line}\n`) : () => undefined,
    gatewayEnv: { TRUST_PROXY: 'loopback' },
    nodeArgs: {
      media: [
        ...profiling('media'),
        ...MEDIA_NODE_ARGS,
        ...(COUNT_CALLS ? ['--import', new URL('./call-counter.mjs', import.meta.url).href] : []),
      ],
      gateway: profiling('gateway'),
      events: profiling('events'),
    },
    mediaReplicas: MEDIA,
    gatewayReplicas: MEDIA,
  });
  cleanups.push(() => product.stop());
  const { previewsDone, eventsHandled } = await watchProductWork(
    { mediaDatabaseUrl: postgres.url(SERVICE_DATABASES.media), natsUrl: nats.url },
    cleanups,
  );
  const perfDir = PERF ? path.resolve(PERF) : '';
  if (PERF) await mkdir(perfDir, { recursive: true });
  const perfFiles = [];
  /** CPU-time samples of media, the gateway and events during one counted burst, each into a file of its own. */
  async function recordPerfSamples(round) {
    const recordings = [];
    for (const [name, pid] of Object.entries(product.pids)) {
      if (!/^(media|gateway|events)/.test(name)) continue;
      const file = path.join(perfDir, `${name}-round-${round + 1}.data`);
      perfFiles.push(file);
      recordings.push(await recordPerf(pid, file));
    }
    return recordings;
  }

  /** Media's counted calls so far, summed over its replicas (bench/call-counter.mjs). */
  async function mediaCalls() {
    const total = { sql: {}, http: {}, connections: {} };
    if (!COUNT_CALLS) return total;
    // The counter writes every half second: wait for the latest.
    await sleep(1200);
    for (const [name, pid] of Object.entries(product.pids)) {
      if (!name.startsWith('media')) continue;
      const counts = JSON.parse(await readFile(path.join(os.tmpdir(), `call-counts-${pid}.json`), 'utf8'));
      for (const table of ['sql', 'http', 'connections']) {
        for (const [key, n] of Object.entries(counts[table]))
          total[table][key] = (total[table][key] ?? 0) + n;
      }
    }
    return total;
  }
  const callsBetween = (before, after) => {
    const per = {};
    for (const table of ['sql', 'http', 'connections']) {
      per[table] = {};
      for (const [key, n] of Object.entries(after[table])) {
        const count = n - (before[table][key] ?? 0);
        if (count > 0) per[table][key] = count / PHOTOS;
      }
    }
    return per;
  };

  const galleryFor = async (n) =>
    (
      await graphql(
        product.url,
        CREATE_GALLERY,
        {
          input: {
            coupleNames: `Ingest & Bench ${n}`,
            weddingDate: '2027-06-12',
            location: 'Lyon, France',
            email: `ingest${n}@example.com`,
            phone: '+33 6 12 34 56 78',
            plan: 'FREE',
          },
        },
        `198.19.100.${n + 1}`,
      )
    ).createGallery.event.code;

  let requestCount = 0;
  /**
   * A guest's files through the product as the web app sends them: the slots of the first `--slots-per-request`
   * files in a request of their own, each file PUT to storage and confirmed, one after another, and the slots of
   * the next files asked for in the request that confirms the last file holding one (with `--slots-apart`, or for
   * the uploaders of that media replica, in a request of their own after it, as the web app did until
   * 2026-12-02); `confirmed` is called after each confirmation.
   * @param {(photo: { id: string }) => void} [confirmed]
   */
  async function ingest(url, gallery, files, confirmed = () => undefined, slotsApart = false) {
    const address = `198.19.${Math.floor(requestCount / 250)}.${(requestCount % 250) + 1}`;
    requestCount++;
    const slotRequest = (batch) => ({
      eventCode: gallery,
      files: batch.map(({ bytes, fileName, contentType }) => ({ fileName, contentType, size: bytes.length })),
    });
    let slots = (await graphql(url, REQUEST_UPLOADS, slotRequest(files.slice(0, SLOTS_PER_REQUEST)), address))
      .requestPhotoUploads;
    let firstWithSlot = 0;
    const photos = [];
    for (const [i, file] of files.entries()) {
      const slot = slots[i - firstWithSlot];
      const put = await fetch(slot.uploadUrl, {
        method: 'PUT',
        headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
        body: file.bytes,
      });
      if (!put.ok) throw new Error(`upload failed: ${put.status}`);
      const confirm = { eventCode: gallery, uploadId: slot.uploadId };
      const next =
        i === firstWithSlot + slots.length - 1 ? files.slice(i + 1, i + 1 + SLOTS_PER_REQUEST) : [];
      let photo;
      if (next.length > 0 && !slotsApart) {
        const answer = await graphql(
          url,
          CONFIRM_AND_REQUEST_NEXT,
          { ...confirm, ...slotRequest(next) },
          address,
        );
        [photo, slots, firstWithSlot] = [answer.confirmPhotoUpload, answer.requestPhotoUploads, i + 1];
      } else {
        photo = (await graphql(url, CONFIRM_UPLOAD, confirm, address)).confirmPhotoUpload;
        if (next.length > 0) {
          slots = (await graphql(url, REQUEST_UPLOADS, slotRequest(next), address)).requestPhotoUploads;
          firstWithSlot = i + 1;
        }
      }
      photos.push(photo);
      confirmed(photo);
    }
    return photos;
  }

  /** The photos the last burst confirmed, for --originals. */
  const lastBurstPhotos = [];

  /**
   * A guest's "Download original" of each of `ids`, one after another, twice: the redirect's time (the object
   * itself not fetched) the first time, when media makes the copy, and the second, and what media and its exiftool
   * spent per copy made.
   */
  async function guestOriginals(ids) {
    const redirect = async (id) => {
      const start = performance.now();
      const answer = await fetch(`${product.url}/media/photos/${id}/original`, {
        redirect: 'manual',
        headers: { 'x-forwarded-for': '198.18.200.1' },
      });
      if (answer.status !== 302) throw new Error(`original of ${id}: ${answer.status}`);
      await answer.body?.cancel();
      return performance.now() - start;
    };
    const first = [];
    const again = [];
    const before = await productCpu(product.pids, s3.pid);
    for (const id of ids) first.push(await redirect(id));
    const after = await productCpu(product.pids, s3.pid);
    for (const id of ids) again.push(await redirect(id));
    return {
      first: first.sort((a, b) => a - b),
      again: again.sort((a, b) => a - b),
      mediaMs: (after.media - before.media) / ids.length,
      exiftoolMs: (after.mediaChildren - before.mediaChildren) / ids.length,
    };
  }

  // Warm-up: one photo, not counted.
  await ingest(product.url, await galleryFor(99), [
    { bytes: fileOf(0), fileName: 'IMG_0000.JPG', contentType: 'image/jpeg' },
  ]);
  await previewsDone();

  /** One burst through the product: UPLOADERS guests at once, each in galleries of its own for this round. */
  async function burst(round) {
    lastBurstPhotos.length = 0;
    const load = machine().load;
    const galleries = roundGalleries[round];
    const perPhoto = [];
    const callsBefore = await mediaCalls();
    const perf = PERF && round < ROUNDS ? await recordPerfSamples(round) : [];
    const cpuBefore = await productCpu(product.pids, s3.pid);
    const start = performance.now();
    await Promise.all(
      galleries.map(async (gallery, u) => {
        const url = product.gatewayUrls[u % product.gatewayUrls.length];
        // Each uploader its share of the photos: one taking more than 50 would fill its free gallery.
        const files = [];
        for (let i = u; i < PHOTOS; i += UPLOADERS) {
          files.push({ bytes: fileOf(i), fileName: `IMG_${1000 + i}.JPG`, contentType: 'image/jpeg' });
        }
        // A photo's time: since the uploader's last confirmation (its slot request's share included).
        let last = performance.now();
        const confirmed = (photo) => {
          perPhoto.push(performance.now() - last);
          last = performance.now();
          lastBurstPhotos.push(photo.id);
        };
        await ingest(url, gallery, files, confirmed, slotsApartFor(u));
      }),
    );
    const confirmedSeconds = (performance.now() - start) / 1000;
    await previewsDone();
    const seconds = (performance.now() - start) / 1000;
    await eventsHandled();
    const cpuAfter = await productCpu(product.pids, s3.pid);
    await Promise.all(perf.map((recording) => recording.stop()));
    const calls = callsBetween(callsBefore, await mediaCalls());
    const cpuPerPhoto = {};
    for (const part of Object.keys(cpuAfter)) {
      if (part !== 'mediaThreads' && part !== 'mediaReplicas')
        cpuPerPhoto[part] = (cpuAfter[part] - cpuBefore[part]) / PHOTOS;
    }
    // Each replica's CPU per photo it confirmed: uploader u goes through gateway u % MEDIA, which sends its media
    // requests to media replica u % MEDIA (infra/product.mjs).
    cpuPerPhoto.mediaReplicas = Object.fromEntries(
      Object.keys(cpuAfter.mediaReplicas).map((name, replica) => {
        let photos = 0;
        for (let u = replica; u < UPLOADERS; u += MEDIA) photos += Math.ceil((PHOTOS - u) / UPLOADERS);
        const [after, before] = [cpuAfter.mediaReplicas[name], cpuBefore.mediaReplicas[name]];
        const perConfirmed = (part) => (after[part] - before[part]) / photos;
        return [name, { all: perConfirmed('all'), js: perConfirmed('js'), gateway: perConfirmed('gateway') }];
      }),
    );
    // By thread name: a thread that ended in between counts in `ended` (its name is gone with it).
    cpuPerPhoto.mediaThreads = Object.fromEntries(
      Object.keys(cpuAfter.mediaThreads).map((thread) => [
        thread,
        (cpuAfter.mediaThreads[thread] - (cpuBefore.mediaThreads[thread] ?? 0)) / PHOTOS,
      ]),
    );
    return {
      load,
      seconds,
      confirmedSeconds,
      rate: PHOTOS / seconds,
      perPhoto: [...perPhoto].sort((a, b) => a - b),
      cpuPerPhoto,
      calls,
    };
  }

  /** The product's own CPU (services, S3 server) while bare sharp runs beside it idle, in ms a second. */
  async function bareBesideIdleProduct() {
    const before = await productCpu(product.pids, s3.pid);
    const start = performance.now();
    const result = await bare();
    const after = await productCpu(product.pids, s3.pid);
    // The S3 server's only when it runs here (NaN for storage elsewhere).
    const idle = ['media', 'gateway', 'events', 's3']
      .map((part) => after[part] - before[part])
      .filter(Number.isFinite)
      .reduce((sum, value) => sum + value, 0);
    return { ...result, productIdleCpuMsPerSecond: idle / ((performance.now() - start) / 1000) };
  }

  // Each burst's galleries, made before the first: the warm-up bursts' numbered after the rounds'.
  const roundGalleries = [];
  for (let round = 0; round < ROUNDS + WARM_UP_BURSTS; round++) {
    const galleries = [];
    for (let u = 0; u < UPLOADERS; u++) galleries.push(await galleryFor(round * UPLOADERS + u));
    roundGalleries.push(galleries);
  }
  await eventsHandled();
  for (let w = 0; w < WARM_UP_BURSTS; w++) await burst(ROUNDS + w);
  const bursts = [];
  for (let round = 0; round < ROUNDS; round++) {
    if (round > 0) bareRounds.push(await bareBesideIdleProduct());
    bursts.push(await burst(round));
  }
  const originals = ORIGINALS > 0 ? await guestOriginals(lastBurstPhotos.slice(0, ORIGINALS)) : null;
  const mediaPeakMb = [];
  for (const [name, pid] of Object.entries(product.pids)) {
    if (name.startsWith('media')) mediaPeakMb.push((await rssMb(pid, 'VmHWM')).toFixed(0));
  }

  const productHeic = [];
  const productHeicWithPreview = [];
  if (heics.length > 0) {
    const gallery = await galleryFor(98);
    for (const [i, heic] of heics.entries()) {
      const start = performance.now();
      const [photo] = await ingest(product.url, gallery, [
        { bytes: heic, fileName: `IMG_${5000 + i}.HEIC`, contentType: 'image/heic' },
      ]);
      productHeic.push(performance.now() - start);
      await previewsDone();
      productHeicWithPreview.push(performance.now() - start);
      if (!photo.width) throw new Error('HEIC without dimensions');
    }
  }

  const mean = (values) => values.reduce((a, b) => a + b, 0) / values.length;
  const median = (values) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = Math.floor(sorted.length / 2);
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const percent = (ratio) => `${(ratio * 100).toFixed(0)}%`;
  const ms = (value) => value.toFixed(0);
  const signedMs = (value) => `${value >= 0 ? '+' : ''}${value.toFixed(0)}`;
  console.log(
    `ingest: ${PHOTOS} photos of ${MEGAPIXELS} MP (${(fileOf(0).length / 1e6).toFixed(1)} MB JPEG, ${DISTINCT} distinct)`,
  );
  console.log(`  machine: nproc ${host.nproc}, ${host.cpu}, Node ${process.version}; ${describeStorage(s3)}`);
  if (WARM_UP_BURSTS > 0)
    console.log(
      `  after ${WARM_UP_BURSTS * PHOTOS} photos through the product first (${WARM_UP_BURSTS} bursts), not counted`,
    );
  const ratios = [];
  const cpuRatios = [];
  /** Each round's CPU per photo beside the image work: the services' over bare sharp's, in ms. */
  const cpuOverBare = [];
  for (const [round, productRun] of bursts.entries()) {
    const baseline = bareRounds[round];
    if (ROUNDS > 1) console.log(`  round ${round + 1} of ${ROUNDS}`);
    const beside =
      baseline.productIdleCpuMsPerSecond === undefined
        ? ''
        : `, beside the idle product (its processes on this machine: ${ms(baseline.productIdleCpuMsPerSecond)} ms of CPU a second)`;
    console.log(
      `  bare sharp (load average before: ${baseline.load})${beside}: one photo at a time ${baseline.oneSeconds.toFixed(1)} s, ${baseline.oneRate.toFixed(2)} photos/s; ${CORES} at a time ${baseline.allCoresSeconds.toFixed(1)} s, ${baseline.allCoresRate.toFixed(2)} photos/s`,
    );
    console.log(
      `  product, ${UPLOADERS} uploaders, ${MEDIA} media replica(s) (load average before: ${productRun.load}): ${productRun.seconds.toFixed(1)} s to the last preview recorded (last confirmation at ${productRun.confirmedSeconds.toFixed(1)} s), ${productRun.rate.toFixed(2)} photos/s; slot+PUT+confirm per photo p50 ${ms(percentile(productRun.perPhoto, 0.5))} ms, p99 ${ms(percentile(productRun.perPhoto, 0.99))} ms`,
    );
    const ratio = {
      one: productRun.rate / baseline.oneRate,
      allCores: productRun.rate / baseline.allCoresRate,
    };
    ratios.push(ratio);
    console.log(
      `  product / bare sharp: ${percent(ratio.one)} of one at a time, ${percent(ratio.allCores)} of ${CORES} at a time`,
    );
    const cpu = productRun.cpuPerPhoto;
    console.log(
      `  CPU per photo in the product's run: media ${ms(cpu.media)} ms (its JavaScript thread ${ms(cpu.mediaJs)} ms, the rest libvips and Node's helpers), media's exiftool ${ms(cpu.mediaChildren)} ms, S3 server ${Number.isFinite(cpu.s3) ? `${ms(cpu.s3)} ms` : 'not measured'}, gateway ${ms(cpu.gateway)} ms, events ${ms(cpu.events)} ms, this bench's uploads ${ms(cpu.bench)} ms; bare sharp ${ms(baseline.cpuMsPerPhoto)} ms`,
    );
    const byThread = (threads) =>
      Object.entries(threads)
        .filter(([, used]) => used >= 0.5)
        .sort((a, b) => b[1] - a[1])
        .map(([thread, used]) => `${thread} ${ms(used)} ms`)
        .join(', ');
    console.log(
      `  per photo by thread: media ${byThread(cpu.mediaThreads)}; bare sharp ${byThread(baseline.threadsPerPhoto)}; media's minor page faults per photo ${ms(cpu.mediaPageFaults)}, bare sharp's ${ms(baseline.pageFaultsPerPhoto)}`,
    );
    if (MEDIA > 1) {
      const replicas = Object.entries(cpu.mediaReplicas)
        .map(
          ([name, used]) =>
            `${name} ${used.all.toFixed(1)} ms (its JavaScript thread ${used.js.toFixed(1)} ms), its gateway ${used.gateway.toFixed(1)} ms`,
        )
        .join(', ');
      console.log(`  per media replica, CPU per photo it confirmed: ${replicas}`);
    }
    const cpuRatio = {
      media: cpu.media / baseline.cpuMsPerPhoto,
      services: (cpu.media + cpu.gateway + cpu.events) / baseline.cpuMsPerPhoto,
      withGuestCopy: (cpu.media + cpu.mediaChildren) / baseline.cpuMsPerPhoto,
    };
    cpuRatios.push(cpuRatio);
    const overBare = {
      media: cpu.media - baseline.cpuMsPerPhoto,
      services: cpu.media + cpu.gateway + cpu.events - baseline.cpuMsPerPhoto,
    };
    cpuOverBare.push(overBare);
    console.log(
      `  CPU per photo against bare sharp's: media ${cpuRatio.media.toFixed(2)}, media + gateway + events ${cpuRatio.services.toFixed(2)}; media with its exiftool ${cpuRatio.withGuestCopy.toFixed(2)}`,
    );
    console.log(
      `  CPU per photo beside the image work (over bare sharp's): media ${signedMs(overBare.media)} ms, media + gateway + events ${signedMs(overBare.services)} ms`,
    );
    if (COUNT_CALLS) {
      const list = (table) =>
        Object.entries(table)
          .sort((a, b) => b[1] - a[1])
          .map(([key, n]) => `${key} ${n.toFixed(2)}`)
          .join(', ');
      const sum = (table) => Object.values(table).reduce((a, b) => a + b, 0);
      console.log(
        `  media's SQL statements per photo: ${sum(productRun.calls.sql).toFixed(2)} (${list(productRun.calls.sql)})`,
      );
      console.log(
        `  media's storage requests per photo: ${sum(productRun.calls.http).toFixed(2)} (${list(productRun.calls.http)}), over ${sum(productRun.calls.connections).toFixed(2)} new connections`,
      );
    }
  }
  if (ROUNDS > 1) {
    console.log(
      `  median of ${ROUNDS} rounds: ${percent(median(ratios.map((r) => r.one)))} of one at a time (${ratios.map((r) => percent(r.one)).join(', ')}), ${percent(median(ratios.map((r) => r.allCores)))} of ${CORES} at a time (${ratios.map((r) => percent(r.allCores)).join(', ')})`,
    );
  }
  if (ROUNDS > 1) {
    console.log(
      `  CPU per photo against bare sharp's, median of ${ROUNDS} rounds: media ${median(cpuRatios.map((r) => r.media)).toFixed(2)} (${cpuRatios.map((r) => r.media.toFixed(2)).join(', ')}), media + gateway + events ${median(cpuRatios.map((r) => r.services)).toFixed(2)} (${cpuRatios.map((r) => r.services.toFixed(2)).join(', ')}); media with its exiftool ${median(cpuRatios.map((r) => r.withGuestCopy)).toFixed(2)} (${cpuRatios.map((r) => r.withGuestCopy.toFixed(2)).join(', ')})`,
    );
    console.log(
      `  CPU per photo beside the image work, median of ${ROUNDS} rounds: media ${signedMs(median(cpuOverBare.map((r) => r.media)))} ms (${cpuOverBare.map((r) => signedMs(r.media)).join(', ')}), media + gateway + events ${signedMs(median(cpuOverBare.map((r) => r.services)))} ms (${cpuOverBare.map((r) => signedMs(r.services)).join(', ')})`,
    );
  }
  if (originals) {
    console.log(
      `  a guest's original, ${originals.first.length} photos one after another: the first request (its copy made) p50 ${ms(percentile(originals.first, 0.5))} ms, p99 ${ms(percentile(originals.first, 0.99))} ms; again p50 ${ms(percentile(originals.again, 0.5))} ms; per copy made, media ${ms(originals.mediaMs)} ms of CPU, its exiftool ${ms(originals.exiftoolMs)} ms`,
    );
  }
  console.log(`  media's peak RSS: ${mediaPeakMb.join(', ')} MB`);
  if (heics.length > 0) {
    console.log(
      `  HEIC ${MEGAPIXELS} MP (heif-enc -q 60, ${(heics[0].length / 1e6).toFixed(1)} MB): bare libheif-js + sharp ${mean(bareHeic).toFixed(0)} ms each; through the product (slot+PUT+confirm, one at a time) ${mean(productHeic).toFixed(0)} ms each, ${mean(productHeicWithPreview).toFixed(0)} ms to its preview recorded`,
    );
  } else if (HEICS > 0) {
    console.log('  HEIC: heif-enc not installed (apt-get install libheif-examples), no HEIC figures');
  }
  if (perfFiles.length > 0) {
    console.log(
      `  CPU-time samples of the counted bursts: ${perfFiles.join(', ')}; read with node bench/perf-libraries.mjs FILE...`,
    );
  }
  console.log(`  load average after: ${machine().load}`);
  return 0;
}

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  console.error(`ingest failed: ${error.stack ?? error}`);
} finally {
  await Promise.race([cleanUp(cleanups), sleep(20_000)]);
}
process.exit(exitCode);
