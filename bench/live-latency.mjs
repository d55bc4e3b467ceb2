// @ts-check
// Live gallery latency, through the whole product: from the moment a guest's browser confirms an upload
// (confirmPhotoUpload, after the PUT to object storage) until every open gallery screen has received the photo
// over graphql-ws, and what a guest feels: from the start of the PUT of the photo to the photo on another
// screen. Beside the latencies, the gateway's own CPU time and memory, read from its process (/proc).
//
//   npm run build && node bench/live-latency.mjs [--screens=200] [--galleries=1] [--photos=20] [--interval=500]
//     [--megapixels=12] [--gateways=1] [--screen-processes=1] [--idle] [--cpu-prof=DIR]
//     [--gateway-node-args="--flag ..."] [--gateway-env="NAME=value ..."] [--heap-snapshot=DIR] [--settle=SECONDS]
//     [--gateway-log=FILE] [--warmup-uploads=48] [--warmup-reads=600]
//     [--rounds=1] [--taps=300] [--guestbook-interval=2000]
//
// --screens is per gallery; photo i goes to gallery i % galleries. --idle opens and subscribes the screens,
// lets them sit, and reports the gateway's memory (no photos); with --settle=S, again after S seconds more.
// --cpu-prof=DIR runs the gateways, media and the bare server with `node --cpu-prof` and leaves the profiles in DIR.
// --gateway-node-args and --gateway-env add Node options and environment variables to the gateway(s), to try
// settings before making them the product's. --heap-snapshot=DIR writes a heap snapshot of the (first) gateway
// into DIR before the screens open and once they sit idle (compare them with bench/heap-by-constructor.mjs).
// PostgreSQL, NATS and the S3 server (or storage elsewhere: S3_ENDPOINT, bench/storage.mjs) run as local child
// processes, the services and the gateway(s) as their own processes as npm start runs them; the screens run in
// their own processes (bench/live-screens.mjs), raw `ws` sockets holding the subscriptions a gallery page holds,
// that parse only the photo id.
//
// Hearts and guestbook messages flow while the photos arrive, as at a wedding: --taps heart taps a second, spread
// over the gallery's photos, reach the gateway as media sends them (per gallery and second, one message with the
// counts of the photos tapped, on live.hearts.<code>), and a guestbook message every --guestbook-interval ms per
// gallery as the outbox sends it (guestbook.message-posted); the bench publishes both on NATS itself, so the
// requests that would make them (setHeart, leaveGuestbookMessage) cost the gateway nothing here.
//
// The live path's cost against its physical limit, side by side: the same screens' processes also open as many
// sockets on a bare `ws` server in a process of its own (bench/live-bare-server.mjs), which sends every socket
// the very message the gateway sent for the warm-up photo (a fresh photo id each time), one `send` per socket,
// at the same pace as the photos, and the very heart and guestbook messages one screen received from the gateway
// in the round's photo phase, at the same moments: the same bytes, as many. Each of --rounds=N rounds uploads
// --photos photos through the product, then has the bare server send as many messages while as many photos are
// uploaded to a gallery no screen watches: the bare server sends with media as busy as when the gateway did, and
// the gateway's CPU over that phase is the uploads' own cost, which the bare server has no part of (printed, and
// taken out for "the live path alone"). The CPU per delivered message of each (its time on a CPU over the
// phase and 3 s after it, as the scheduler counts it in /proc/PID/task/TID/schedstat, less its idle rate, the
// median of one-second slices of a quiet window at the start of each round) and their ratio are printed per
// round, then the medians.
import { fork } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { createWriteStream } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { connect } from '@nats-io/transport-node';
import { findFreePort, startNats, startPostgres } from '../packages/local-servers/dist/index.js';
import { startProduct } from '../infra/product.mjs';
import { runOnProductNode } from '../infra/product-node.mjs';
import { cleanUp, machine, percentile, sleep } from './bench-run.mjs';
import { phonePhoto } from './phone-photo.mjs';
import { cpuMs, cpuMsByThreadName, cpuRunMs, rssMb } from './proc.mjs';
import { startScreens } from './screen-processes.mjs';
import { benchStorage, describeStorage } from './storage.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const WATCHDOG_MS = 15 * 60_000;
/** Each phase of a round is measured until this long after its last message. */
const SETTLE_AFTER_PHASE_MS = 3000;
/** How long each round reads the idle rates of the gateway and the bare server. */
const IDLE_WINDOW_MS = 4000;

function option(name, fallback) {
  const flag = process.argv.slice(2).find((arg) => arg === `--${name}` || arg.startsWith(`--${name}=`));
  if (!flag) return fallback;
  if (flag === `--${name}`) return true;
  const raw = flag.slice(name.length + 3);
  if (typeof fallback === 'string') return raw;
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0)
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  return value;
}

const SCREENS = option('screens', 200);
const GALLERIES = option('galleries', 1);
const PHOTOS = option('photos', 20);
const INTERVAL_MS = option('interval', 500);
const MEGAPIXELS = option('megapixels', 12);
const GATEWAYS = option('gateways', 1);
const IDLE = option('idle', false);
const CPU_PROF = option('cpu-prof', '');
const GATEWAY_NODE_ARGS = option('gateway-node-args', '').split(' ').filter(Boolean);
const GATEWAY_LOG = option('gateway-log', '');
const GATEWAY_ENV = Object.fromEntries(
  option('gateway-env', '')
    .split(' ')
    .filter(Boolean)
    .map((pair) => [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)]),
);
const HEAP_SNAPSHOT = option('heap-snapshot', '');
const SETTLE_SECONDS = option('settle', 0);
const ROUNDS = option('rounds', 1);
/**
 * Uploads to a gallery of their own, and a round's hearts and guestbook messages, before the rounds and not
 * counted: until V8 has compiled the request path with TurboFan (on its own threads), that compilation lands in
 * whichever round a function turns hot in (400-700 ms of CPU in rounds 1 and 4 of an unwarmed run).
 */
const WARMUP_UPLOADS = option('warmup-uploads', 48);
/** Gallery page reads before the rounds, not counted: Apollo Server's and Gateway's request path turns hot. */
const WARMUP_READS = option('warmup-reads', 600);
const TAPS_PER_SECOND = option('taps', 300);
const GUESTBOOK_INTERVAL_MS = option('guestbook-interval', 2000);
/** Media sends each gallery's heart counts once per this many ms (HEART_LIMITS.liveBatchMs). */
const HEARTS_BATCH_MS = 1000;
/** The subscription ids of bench/live-screens.mjs whose messages the flow sends. */
const HEARTS_SUBSCRIPTION = '5';
const GUESTBOOK_SUBSCRIPTION = '6';
const SCREEN_PROCESSES = option('screen-processes', Math.max(1, Math.ceil((SCREENS * GALLERIES) / 5000)));
const FREE_PLAN_PHOTOS = 50;
/** Uploads to the unwatched gallery are numbered from here (each number is a guest's own address). */
const UNWATCHED_UPLOADS = 500;
if (Math.ceil((PHOTOS * ROUNDS + 1) / GALLERIES) > FREE_PLAN_PHOTOS)
  throw new Error('at most 49 photos per gallery in all rounds');
if (WARMUP_UPLOADS > FREE_PLAN_PHOTOS) throw new Error(`at most ${FREE_PLAN_PHOTOS} warm-up uploads`);
/** Where a photo message's id starts, in the message the bare server sends. */
const SAMPLE_ID_MARK = Buffer.from('"photoAdded":{"id":"');

/** Guestbook messages as guests leave them: a line or a few, some with a name. */
const GUESTBOOK_TEXTS = [
  'Congratulations to you both! What a beautiful day.',
  'So happy for you two. The speeches had everyone in tears, and the dancing afterwards was unforgettable!',
  'Félicitations ! Merci pour cette journée magnifique, on se souviendra longtemps de la soirée.',
  '¡Enhorabuena! Que seáis muy felices.',
  'Best wishes from the whole table seven crew. Here is to many happy years together, and to more parties like this one.',
];
const GUESTBOOK_NAMES = ['Aunt Claire', null, 'Lucas', 'Sofía', null, 'The Martins'];

const now = () => performance.timeOrigin + performance.now();

/** CPU time (user + system, ms) and resident memory (MB) of a process. */
async function processUsage(pid) {
  return { cpuMs: await cpuMs(pid), rssMb: await rssMb(pid) };
}

async function gatewaysUsage(pids) {
  const usages = await Promise.all(pids.map(processUsage));
  return {
    cpuMs: usages.reduce((sum, usage) => sum + usage.cpuMs, 0),
    rssMb: usages.map((usage) => usage.rssMb),
  };
}

/** Has the process write a heap snapshot (SIGUSR2, --heapsnapshot-signal) into `dir`; resolves once written. */
async function heapSnapshot(pid, dir) {
  const known = new Set(await readdir(dir));
  process.kill(pid, 'SIGUSR2');
  for (let lastSize = -1; ; await sleep(1000)) {
    const file = (await readdir(dir)).find((name) => name.endsWith('.heapsnapshot') && !known.has(name));
    if (!file) continue;
    const { size } = await stat(path.join(dir, file));
    if (size > 0 && size === lastSize) return path.join(dir, file);
    lastSize = size;
  }
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

const GALLERY_READ = `query($code: String!) {
  event(code: $code) { code name plan photoCount photos(first: 24) { nodes { id thumbnailUrl heartCount } hasMore } }
}`;
const CREATE_GALLERY = `mutation($input: CreateGalleryInput!) { createGallery(input: $input) { event { code } } }`;
const REQUEST_UPLOADS = `mutation($eventCode: String!, $files: [PhotoUploadRequest!]!) {
  requestPhotoUploads(eventCode: $eventCode, files: $files) { uploadId uploadUrl headers { name value } }
}`;
const CONFIRM_UPLOAD = `mutation($eventCode: String!, $uploadId: ID!) {
  confirmPhotoUpload(eventCode: $eventCode, uploadId: $uploadId) { id }
}`;

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];

/** The bare `ws` server (bench/live-bare-server.mjs) in its own process. */
async function startBareServer() {
  const profiling = CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(CPU_PROF)}`] : [];
  const child = fork(new URL('./live-bare-server.mjs', import.meta.url), [], {
    stdio: 'inherit',
    execArgv: profiling,
  });
  cleanups.push(async () => {
    if (child.connected) child.send({ type: 'close' });
    await Promise.race([new Promise((resolve) => child.once('exit', resolve)), sleep(5000)]);
    child.kill('SIGKILL');
  });
  const answers = [];
  child.on('message', (message) => answers.shift()?.(message));
  const ask = (message) =>
    new Promise((resolve) => {
      answers.push(resolve);
      child.send(message);
    });
  const { port } = await ask({ type: 'listen' });
  return {
    pid: child.pid,
    url: `ws://127.0.0.1:${port}/graphql`,
    load: (messages) => ask({ type: 'load', messages: messages.map((bytes) => bytes.toString('base64')) }),
    send: (index, id, idAt) => ask({ type: 'send', index, id, idAt }),
  };
}

async function run() {
  const before = machine();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'bench-live-'));
  await chmod(dataDir, 0o755);
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));

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

  let profiling = [];
  if (CPU_PROF) {
    const dir = path.resolve(CPU_PROF);
    await mkdir(dir, { recursive: true });
    profiling = ['--cpu-prof', `--cpu-prof-dir=${dir}`];
  }
  const snapshots = HEAP_SNAPSHOT ? path.resolve(HEAP_SNAPSHOT) : '';
  if (snapshots) await mkdir(snapshots, { recursive: true });
  const snapshotting = snapshots ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${snapshots}`] : [];
  // The gateway's output (with --gateway-node-args=--trace-gc, its collections) and where each phase begins and ends.
  const gatewayLog = GATEWAY_LOG ? createWriteStream(path.resolve(GATEWAY_LOG)) : undefined;
  if (gatewayLog) cleanups.push(() => new Promise((resolve) => gatewayLog.end(resolve)));
  const mark = (text) => gatewayLog?.write(`--- bench: ${text} at ${new Date().toISOString()}\n`);
  const product = await startProduct({
    platformEnv: {
      DATABASE_URL: postgres.url('postgres'),
      NATS_URL: nats.url,
      S3_ENDPOINT: s3.endpoint,
      S3_REGION: s3.region,
      S3_ACCESS_KEY_ID: s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    },
    log: gatewayLog
      ? (name, line) => name.startsWith('gateway') && gatewayLog.write(`${line}\n`)
      : () => undefined,
    // Each screen is a guest's own phone: the screens say so through X-Forwarded-For, which the gateway
    // believes from loopback only, so its limits per client apply per screen as they would at a wedding.
    gatewayEnv: { TRUST_PROXY: 'loopback', ...GATEWAY_ENV },
    nodeArgs: { gateway: [...profiling, ...snapshotting, ...GATEWAY_NODE_ARGS], media: profiling },
    gatewayReplicas: GATEWAYS,
  });
  cleanups.push(() => product.stop());
  const gatewayPids = Object.entries(product.pids)
    .filter(([name]) => name === 'gateway' || name.startsWith('gateway-'))
    .map(([, pid]) => pid);

  // One more gallery than the screens watch: the uploads' own cost to the gateway is measured on it.
  const galleries = [];
  for (let g = 0; g <= GALLERIES + 1; g++) {
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
      `198.19.200.${g + 1}`,
    );
    galleries.push(createGallery.event.code);
  }
  const warmupGallery = galleries.pop();
  const unwatchedGallery = galleries.pop();

  const idleUsage = await gatewaysUsage(gatewayPids);
  if (snapshots)
    console.log(`  heap snapshot before the screens: ${await heapSnapshot(gatewayPids[0], snapshots)}`);
  const total = SCREENS * GALLERIES;
  const screens = Array.from({ length: total }, (_, n) => ({
    n,
    url: `${product.gatewayUrls[n % product.gatewayUrls.length].replace(/^http/, 'ws')}/graphql`,
    eventCode: galleries[Math.floor(n / SCREENS)],
    // The first screen keeps the heart and guestbook messages it gets, for the bare server to send the same.
    record: n === 0,
  }));
  const processes = startScreens(SCREEN_PROCESSES, cleanups);
  const openStart = performance.now();
  const opened = await Promise.all(
    processes.map((screenProcess, p) =>
      screenProcess.open(screens.filter((_, n) => n % SCREEN_PROCESSES === p)),
    ),
  );
  const openedCount = opened.reduce((sum, answer) => sum + answer.opened, 0);
  const openSeconds = (performance.now() - openStart) / 1000;
  await sleep(3000); // the subscribe messages follow the acks; then the sockets sit idle
  const openUsage = await gatewaysUsage(gatewayPids);
  const idleCpuStart = openUsage.cpuMs;
  await sleep(5000);
  const idleCpuMsPerSecond = ((await gatewaysUsage(gatewayPids)).cpuMs - idleCpuStart) / 5;

  const mb = (value) => `${value.toFixed(1)} MB`;
  const ms = (value) => `${value.toFixed(1)} ms`;
  const header = () => {
    console.log(
      `  machine: nproc ${before.nproc}, ${before.cpu}, Node ${before.node}; load average before: ${before.load}; ${describeStorage(s3)}`,
    );
    console.log(
      `  screens ${total} (${GALLERIES} x ${SCREENS}) in ${SCREEN_PROCESSES} process(es), gateways ${GATEWAYS}`,
    );
    console.log(`  opened ${openedCount} / ${total} in ${openSeconds.toFixed(1)} s`);
    console.log(
      `  gateway RSS: before the screens ${idleUsage.rssMb.map(mb).join(' + ')}, with them open and idle ${openUsage.rssMb.map(mb).join(' + ')}`,
    );
    console.log(`  gateway CPU while idle: ${idleCpuMsPerSecond.toFixed(1)} ms per second`);
  };

  if (IDLE) {
    console.log('live-latency --idle: open, subscribed, idle screens');
    header();
    if (SETTLE_SECONDS) {
      await sleep(SETTLE_SECONDS * 1000);
      const settled = await gatewaysUsage(gatewayPids);
      console.log(
        `  gateway RSS after ${SETTLE_SECONDS} s more of idle screens: ${settled.rssMb.map(mb).join(' + ')}`,
      );
    }
    if (snapshots)
      console.log(`  heap snapshot with the screens: ${await heapSnapshot(gatewayPids[0], snapshots)}`);
    return openedCount === total ? 0 : 1;
  }

  const distinct = await Promise.all(
    Array.from({ length: Math.min(PHOTOS + 1, 6) }, () => phonePhoto(MEGAPIXELS)),
  );
  const photoOf = (i) => distinct[i % distinct.length];
  const sent = new Map(); // photo id -> { gallery, putStart, confirmStart }
  /** @type {Map<string, string[]>} the photos guests can heart */
  const photosOf = new Map(galleries.map((gallery) => [gallery, []]));
  const arrivals = new Map(); // photo id -> arrival times
  const collect = async () => {
    for (const report of await Promise.all(processes.map((screenProcess) => screenProcess.report()))) {
      collect.others = (collect.others ?? 0) + report.others;
      for (const [id, messages] of Object.entries(report.recorded))
        (collect.recorded[id] ??= []).push(...messages.map((message) => Buffer.from(message, 'base64')));
      for (const [id, times] of Object.entries(report.arrivals)) {
        const all = arrivals.get(id) ?? [];
        for (const time of times) all.push(time);
        arrivals.set(id, all);
      }
      collect.messageBytes = report.messageBytes || collect.messageBytes;
      collect.sample = report.sample ?? collect.sample;
      collect.closed = report.closed;
    }
  };

  // When each photo.uploaded reaches a NATS subscriber like the gateway's: the gateway's share of the latency.
  const published = new Map();
  const natsClient = await connect({ servers: nats.url, name: 'bench' });
  cleanups.push(() => natsClient.close());
  natsClient.subscribe('photo.uploaded', {
    callback: (_error, message) => {
      const at = now();
      const id = JSON.parse(Buffer.from(message.data).toString())?.data?.photo?.id;
      if (id) published.set(id, at);
    },
  });
  await natsClient.flush();

  /** @type {number[]} */
  const confirms = [];
  /** @type {number[]} */
  const puts = [];
  async function uploadPhoto(i, gallery) {
    const bytes = photoOf(i);
    const address = `198.19.${Math.floor(i / 250)}.${(i % 250) + 1}`;
    const [slot] = (
      await graphql(
        product.url,
        REQUEST_UPLOADS,
        {
          eventCode: gallery,
          files: [{ fileName: `IMG_${1000 + i}.JPG`, contentType: 'image/jpeg', size: bytes.length }],
        },
        address,
      )
    ).requestPhotoUploads;
    const record = { gallery, putStart: now(), confirmStart: 0 };
    sent.set(slot.uploadId, record);
    const put = await fetch(slot.uploadUrl, {
      method: 'PUT',
      headers: Object.fromEntries(slot.headers.map((h) => [h.name, h.value])),
      body: bytes,
    });
    if (!put.ok) throw new Error(`upload failed: ${put.status}`);
    // The photo id is the upload id: known before the confirm returns, so early deliveries are matched.
    record.confirmStart = now();
    puts.push(record.confirmStart - record.putStart);
    await graphql(product.url, CONFIRM_UPLOAD, { eventCode: gallery, uploadId: slot.uploadId }, address);
    confirms.push(now() - record.confirmStart);
    photosOf.get(gallery)?.push(slot.uploadId);
    return slot.uploadId;
  }

  collect.others = 0;
  collect.recorded = {};
  collect.messageBytes = 0;
  /** @type {string | undefined} A delivered message, base64: what the bare server sends. */
  collect.sample = undefined;
  collect.closed = 0;

  // One photo first, not counted: sockets, JIT and sharp warmed up, and every screen of gallery 1 proven live.
  const warmUp = await uploadPhoto(PHOTOS + 1000, galleries[0]);
  const warmDeadline = Date.now() + 30_000;
  for (;;) {
    await collect();
    if ((arrivals.get(warmUp)?.length ?? 0) >= SCREENS || Date.now() > warmDeadline) break;
    await sleep(250);
  }
  const warmDelivered = arrivals.get(warmUp)?.length ?? 0;
  sent.delete(warmUp);
  arrivals.clear();
  confirms.length = 0;
  puts.length = 0;

  // The bare server: the same screens' processes open as many sockets again on it, and it sends each of them
  // the message the gateway sent for the warm-up photo, with a fresh photo id per trigger.
  /** Waits until every id of `ids` reached `screensEach` screens (or 30 s passed); the messages delivered. */
  /** With `others` more messages than photos expected (hearts, guestbook), counted from `othersBefore`. */
  async function delivery(ids, screensEach, others = 0, othersBefore = collect.others) {
    const deadline = Date.now() + 30_000;
    for (;;) {
      await collect();
      const photos = ids.reduce((sum, id) => sum + (arrivals.get(id)?.length ?? 0), 0);
      const delivered = photos + collect.others - othersBefore;
      if (
        (photos >= ids.length * screensEach && delivered >= ids.length * screensEach + others) ||
        Date.now() > deadline
      )
        return delivered;
      await sleep(250);
    }
  }

  const bare = await startBareServer();
  const bareOpened = await Promise.all(
    processes.map((screenProcess, p) =>
      screenProcess.open(
        screens
          .filter((_, n) => n % SCREEN_PROCESSES === p)
          .map((screen) => ({ ...screen, n: screen.n + total, url: bare.url })),
      ),
    ),
  );
  const bareOpenedCount = bareOpened.reduce((sum, answer) => sum + answer.opened, 0);
  const sample = Buffer.from(collect.sample ?? '', 'base64');
  collect.recorded = {};
  const sampleId = sample.indexOf(SAMPLE_ID_MARK) + SAMPLE_ID_MARK.length;
  if (sampleId < SAMPLE_ID_MARK.length) throw new Error('no photo message captured from the gateway');
  await sleep(3000);
  // A warm-up send, not counted, as the product had its warm-up photo.
  const bareWarmUp = randomUUID();
  await bare.load([sample]);
  await bare.send(0, bareWarmUp, sampleId);
  await delivery([bareWarmUp], total);

  let peakRss = (await gatewaysUsage(gatewayPids)).rssMb.reduce((a, b) => a + b, 0);
  const sampler = setInterval(async () => {
    const usage = await gatewaysUsage(gatewayPids).catch(() => undefined);
    if (usage)
      peakRss = Math.max(
        peakRss,
        usage.rssMb.reduce((a, b) => a + b, 0),
      );
  }, 200);

  const gatewaysRunMs = async () => (await Promise.all(gatewayPids.map(cpuRunMs))).reduce((a, b) => a + b, 0);

  /**
   * The idle rates of the gateway(s) and the bare server (ms of CPU a second): the median of one-second slices of
   * IDLE_WINDOW_MS, so a collection that happens to fall in the window does not count as idle work for the
   * whole round.
   */
  async function idleRates() {
    const slices = [];
    for (let slice = 0; slice < IDLE_WINDOW_MS / 1000; slice++) {
      const start = [await gatewaysRunMs(), await cpuRunMs(bare.pid), performance.now()];
      await sleep(1000);
      const seconds = (performance.now() - start[2]) / 1000;
      slices.push({
        gateway: ((await gatewaysRunMs()) - start[0]) / seconds,
        bare: ((await cpuRunMs(bare.pid)) - start[1]) / seconds,
      });
    }
    const middle = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)];
    return { gateway: middle(slices.map((s) => s.gateway)), bare: middle(slices.map((s) => s.bare)) };
  }

  /**
   * Runs one phase of a round and reads the CPU time both the gateway(s) and the bare server used over it and the
   * few seconds after it (the collections that follow a burst of work are part of its cost).
   */
  async function phase(name, work) {
    mark(`${name} begins`);
    const threadsStart = await gatewaysThreads();
    const [gatewayStart, bareStart] = [await gatewaysRunMs(), await cpuRunMs(bare.pid)];
    const start = performance.now();
    const delivered = await work();
    await sleep(SETTLE_AFTER_PHASE_MS);
    mark(`${name} ends`);
    const seconds = (performance.now() - start) / 1000;
    return {
      delivered,
      seconds,
      gatewayCpuMs: (await gatewaysRunMs()) - gatewayStart,
      bareCpuMs: (await cpuRunMs(bare.pid)) - bareStart,
      gatewayThreads: difference(await gatewaysThreads(), threadsStart),
    };
  }

  /** The gateway(s)' CPU by thread (ms, clock ticks): its JavaScript ("main"), V8's and libuv's helpers. */
  async function gatewaysThreads() {
    const total = {};
    for (const pid of gatewayPids) {
      for (const [name, ms] of Object.entries(await cpuMsByThreadName(pid)))
        total[name] = (total[name] ?? 0) + ms;
    }
    return total;
  }
  const difference = (after, before) =>
    Object.fromEntries(Object.entries(after).map(([name, ms]) => [name, ms - (before[name] ?? 0)]));

  /** PHOTOS photos at the pace of --interval, each uploaded or triggered by `send(i)`, which returns its id. */
  async function paced(send) {
    const ids = [];
    const start = performance.now();
    for (let i = 0; i < PHOTOS; i++) {
      await sleep(Math.max(0, start + i * INTERVAL_MS - performance.now()));
      ids.push(await send(i));
    }
    return ids;
  }

  /**
   * Hearts and guestbook messages beside the photos, for as long as `paced` sends photos: `hearts(k)` once per
   * HEARTS_BATCH_MS, `guestbook(k)` once per --guestbook-interval, each from half its period in. Resolves with how
   * many of each it sent.
   */
  async function flow(hearts, guestbook) {
    const moments = [];
    const duration = PHOTOS * INTERVAL_MS;
    for (let at = HEARTS_BATCH_MS / 2; at < duration; at += HEARTS_BATCH_MS)
      moments.push({ at, kind: 'hearts' });
    for (let at = GUESTBOOK_INTERVAL_MS / 2; at < duration; at += GUESTBOOK_INTERVAL_MS)
      moments.push({ at, kind: 'guestbook' });
    moments.sort((a, b) => a.at - b.at);
    const counts = { hearts: 0, guestbook: 0 };
    const start = performance.now();
    for (const { at, kind } of moments) {
      await sleep(Math.max(0, start + at - performance.now()));
      await (kind === 'hearts' ? hearts : guestbook)(counts[kind]++);
    }
    return counts;
  }

  /** Heart counts per photo, as media's database holds them. */
  const heartCounts = new Map();
  const tapsPerGallery = Math.max(1, Math.round((TAPS_PER_SECOND * HEARTS_BATCH_MS) / 1000 / GALLERIES));
  /** What media sends for a batch of taps on each watched gallery, and the outbox for a guestbook message. */
  const flowToNats = () =>
    flow(
      async () => {
        for (const gallery of galleries) {
          const photos = photosOf.get(gallery) ?? [];
          if (photos.length === 0) continue;
          const tapped = new Set();
          for (let tap = 0; tap < tapsPerGallery; tap++) {
            const photo = photos[Math.floor(Math.random() * photos.length)];
            heartCounts.set(photo, (heartCounts.get(photo) ?? 0) + 1);
            tapped.add(photo);
          }
          const counts = [...tapped].map((photoId) => ({ photoId, heartCount: heartCounts.get(photoId) }));
          natsClient.publish(`live.hearts.${gallery}`, JSON.stringify({ eventCode: gallery, counts }));
        }
      },
      async (k) => {
        for (const gallery of galleries) {
          const createdAt = new Date().toISOString();
          const message = {
            id: randomUUID(),
            eventCode: gallery,
            text: GUESTBOOK_TEXTS[k % GUESTBOOK_TEXTS.length],
            guestName: GUESTBOOK_NAMES[k % GUESTBOOK_NAMES.length],
            createdAt,
          };
          const event = {
            id: randomUUID(),
            type: 'guestbook.message-posted',
            occurredAt: createdAt,
            data: { message },
          };
          natsClient.publish('guestbook.message-posted', JSON.stringify(event));
        }
      },
    );

  // The request path and the hearts' and guestbook's deliveries warmed up, not counted: four uploads at a time.
  const warmupIds = [];
  const warmupUploads = async () => {
    for (let i = 0; i < WARMUP_UPLOADS; i += 4) {
      const batch = Array.from(
        { length: Math.min(4, WARMUP_UPLOADS - i) },
        (_, k) => UNWATCHED_UPLOADS * 2 + i + k,
      );
      warmupIds.push(...(await Promise.all(batch.map((n) => uploadPhoto(n, warmupGallery)))));
    }
  };
  const warmupReads = async () => {
    for (let i = 0; i < WARMUP_READS; i += 8) {
      const batch = Array.from({ length: Math.min(8, WARMUP_READS - i) }, (_, k) => i + k);
      await Promise.all(
        batch.map((n) =>
          graphql(
            product.url,
            GALLERY_READ,
            { code: warmupGallery },
            `198.18.${Math.floor(n / 250)}.${(n % 250) + 1}`,
          ),
        ),
      );
    }
  };
  await Promise.all([warmupUploads(), warmupReads(), WARMUP_UPLOADS > 0 ? flowToNats() : undefined]);
  await sleep(SETTLE_AFTER_PHASE_MS);
  await collect();
  collect.recorded = {};
  for (const id of warmupIds) {
    sent.delete(id);
    arrivals.delete(id);
  }
  confirms.length = 0;
  puts.length = 0;

  const rounds = [];
  /** @type {{ hearts: number[], guestbook: number[] }} */
  const flowBytes = { hearts: [], guestbook: [] };
  for (let round = 0; round < ROUNDS; round++) {
    // Both idle, settled after the previous round: each one's idle rate (keep-alive pings for the gateway).
    const idle = await idleRates();
    // The product: PHOTOS uploads, and hearts and guestbook messages beside them, until every screen has them.
    await collect();
    collect.recorded = {};
    await Promise.all(processes.map((screenProcess) => screenProcess.record(true)));
    let flowed = { hearts: 0, guestbook: 0 };
    const product = await phase(`round ${round + 1}, the product`, async () => {
      const othersBefore = collect.others;
      const [ids, counts] = await Promise.all([
        paced((i) => {
          const n = round * PHOTOS + i;
          return uploadPhoto(n, galleries[n % GALLERIES]);
        }),
        flowToNats(),
      ]);
      flowed = counts;
      return delivery(ids, SCREENS, (counts.hearts + counts.guestbook) * total, othersBefore);
    });
    await Promise.all(processes.map((screenProcess) => screenProcess.record(false)));
    await collect();
    const recordedHearts = collect.recorded[HEARTS_SUBSCRIPTION] ?? [];
    const recordedGuestbook = collect.recorded[GUESTBOOK_SUBSCRIPTION] ?? [];
    flowBytes.hearts.push(...recordedHearts.map((bytes) => bytes.length));
    flowBytes.guestbook.push(...recordedGuestbook.map((bytes) => bytes.length));
    // The bare server: as many messages at the same pace, until every socket has them; the photo's with a fresh
    // id each, the hearts' and guestbook's the very ones the first screen got from the gateway. Meanwhile the
    // same uploads go to a gallery no screen watches: what the gateway spends on the uploads' own requests and
    // their event, which the bare server has no part of (taken out of the product's figure for the live path's),
    // and the bare server sends while media makes the photos' sizes, as the gateway did: the same cores, as busy.
    await bare.load([sample, ...recordedHearts, ...recordedGuestbook]);
    const bareFlow = { hearts: 0, guestbook: 0 };
    const unwatchedUploads = async () => {
      const ids = await paced((i) => uploadPhoto(UNWATCHED_UPLOADS + round * PHOTOS + i, unwatchedGallery));
      const deadline = Date.now() + 30_000;
      while (!ids.every((id) => published.has(id)) && Date.now() < deadline) await sleep(100);
      await sleep(250); // the gateway's own copy of the last event, a moment after the bench's
      for (const id of ids) sent.delete(id);
    };
    const bareSends = await phase(
      `round ${round + 1}, the bare server and the unwatched uploads`,
      async () => {
        const othersBefore = collect.others;
        const [ids] = await Promise.all([
          paced(async () => {
            const id = randomUUID();
            await bare.send(0, id, sampleId);
            return id;
          }),
          flow(
            async (k) => {
              if (k >= recordedHearts.length) return;
              bareFlow.hearts++;
              await bare.send(1 + k);
            },
            async (k) => {
              if (k >= recordedGuestbook.length) return;
              bareFlow.guestbook++;
              await bare.send(1 + recordedHearts.length + k);
            },
          ),
          unwatchedUploads(),
        ]);
        return delivery(ids, total, (bareFlow.hearts + bareFlow.guestbook) * total, othersBefore);
      },
    );
    const uploads = bareSends;
    const gatewayIdle = idle.gateway;
    const bareIdle = idle.bare;
    rounds.push({
      gatewayIdle,
      flowed,
      product: {
        delivered: product.delivered,
        expected: PHOTOS * SCREENS + (flowed.hearts + flowed.guestbook) * total,
        cpuMs: product.gatewayCpuMs,
        netCpuMs: product.gatewayCpuMs - gatewayIdle * product.seconds,
        threads: product.gatewayThreads,
      },
      uploads: {
        netCpuMs: uploads.gatewayCpuMs - gatewayIdle * uploads.seconds,
        threads: uploads.gatewayThreads,
      },
      bare: {
        delivered: bareSends.delivered,
        expected: (PHOTOS + bareFlow.hearts + bareFlow.guestbook) * total,
        netCpuMs: bareSends.bareCpuMs - bareIdle * bareSends.seconds,
      },
    });
  }
  const endUsage = await gatewaysUsage(gatewayPids);
  clearInterval(sampler);

  const latencies = [];
  const fromNats = [];
  const felt = [];
  const lastScreen = [];
  for (const [id, record] of sent) {
    const times = arrivals.get(id) ?? [];
    for (const time of times) {
      latencies.push(time - record.confirmStart);
      if (published.has(id)) fromNats.push(time - published.get(id));
      felt.push(time - record.putStart);
    }
    if (times.length > 0) lastScreen.push(Math.max(...times) - record.confirmStart);
  }
  const sorted = (values) => [...values].sort((a, b) => a - b);
  const [lat, feltSorted, lastSorted, confirmSorted, putSorted, natsSorted] = [
    latencies,
    felt,
    lastScreen,
    confirms,
    puts,
    fromNats,
  ].map(sorted);
  const delivered = rounds.reduce((sum, { product }) => sum + product.delivered, 0);
  const expected = rounds.reduce((sum, { product }) => sum + product.expected, 0);
  const cpuMsTotal = rounds.reduce((sum, { product }) => sum + product.cpuMs, 0);
  const netCpuMs = rounds.reduce((sum, { product }) => sum + product.netCpuMs, 0);
  const photos = PHOTOS * ROUNDS;
  const bytesWritten =
    photos * (collect.messageBytes ?? 0) * SCREENS +
    (flowBytes.hearts.reduce((a, b) => a + b, 0) + flowBytes.guestbook.reduce((a, b) => a + b, 0)) * total;
  const flowedAll = rounds.reduce(
    (sum, { flowed }) => ({
      hearts: sum.hearts + flowed.hearts,
      guestbook: sum.guestbook + flowed.guestbook,
    }),
    { hearts: 0, guestbook: 0 },
  );
  const averageBytes = (lengths) =>
    lengths.length ? Math.round(lengths.reduce((a, b) => a + b, 0) / lengths.length) : 0;

  console.log(
    `live-latency: ${MEGAPIXELS} MP JPEGs, confirm -> photoAdded on every open screen of its gallery`,
  );
  header();
  console.log(
    `  warm-up photo on ${warmDelivered} / ${SCREENS} screens, then ${WARMUP_UPLOADS} uploads to a gallery of their own, ${WARMUP_READS} reads of it, and a round's hearts and guestbook messages (not counted)`,
  );
  console.log(
    `  photos ${photos} (${ROUNDS} round(s) of ${PHOTOS}, ${(photoOf(0).length / 1e6).toFixed(1)} MB each, one every ${INTERVAL_MS} ms), delivered ${delivered} / ${expected} messages${collect.closed ? `, ${collect.closed} sockets closed` : ''}`,
  );
  console.log(
    `  beside them: ${TAPS_PER_SECOND} heart taps a second in ${flowedAll.hearts} batches per gallery (${averageBytes(flowBytes.hearts)} B a message on average), ${flowedAll.guestbook} guestbook messages per gallery (${averageBytes(flowBytes.guestbook)} B on average); each screen holds a gallery page's 8 subscriptions (bench/live-screens.mjs)`,
  );
  console.log(
    `  confirm -> every screen: p50 ${ms(percentile(lat, 0.5))}, p99 ${ms(percentile(lat, 0.99))}, max ${ms(lat.at(-1) ?? NaN)}; last screen per photo p50 ${ms(percentile(lastSorted, 0.5))}, p99 ${ms(percentile(lastSorted, 0.99))}`,
  );
  console.log(
    `  gateway's share, photo.uploaded on NATS -> every screen: p50 ${ms(percentile(natsSorted, 0.5))}, p99 ${ms(percentile(natsSorted, 0.99))}, max ${ms(natsSorted.at(-1) ?? NaN)}`,
  );
  console.log(
    `  guest-felt, PUT start -> on another screen: p50 ${ms(percentile(feltSorted, 0.5))}, p99 ${ms(percentile(feltSorted, 0.99))} (PUT p50 ${ms(percentile(putSorted, 0.5))}, confirm round trip p50 ${ms(percentile(confirmSorted, 0.5))}, p99 ${ms(percentile(confirmSorted, 0.99))})`,
  );
  console.log(
    `  gateway CPU: ${ms(cpuMsTotal / photos)} per photo (${ms(Math.max(0, netCpuMs) / photos)} above idle), ${((Math.max(0, netCpuMs) * 1000) / Math.max(1, delivered)).toFixed(1)} us per delivered message, ${((Math.max(0, netCpuMs) * 1e6) / Math.max(1, bytesWritten)).toFixed(1)} us per KB written (${collect.messageBytes ?? 0} B per photo message)`,
  );
  console.log(
    `  gateway RSS: peak ${mb(peakRss)} during the photos, ${endUsage.rssMb.map(mb).join(' + ')} after`,
  );
  console.log(
    `  bare ws server: ${bareOpenedCount} / ${total} sockets opened by the same screens; the gateway's ${sample.length}-byte message sent to each socket per photo, its heart and guestbook messages as they came`,
  );
  const usPerMessage = (phase) => (Math.max(0, phase.netCpuMs) * 1000) / Math.max(1, phase.delivered);
  /** The product's CPU per delivered message with the uploads' own cost (measured without screens) taken out. */
  const liveUsPerMessage = ({ product, uploads }) =>
    (Math.max(0, product.netCpuMs - Math.max(0, uploads.netCpuMs)) * 1000) / Math.max(1, product.delivered);
  /** The median of the rounds that measured something (a few screens may leave a phase under a clock tick). */
  const median = (values) => {
    const measured = sorted(values.filter(Number.isFinite));
    return measured.length > 0 ? measured[Math.floor((measured.length - 1) / 2)] : NaN;
  };
  const ratios = rounds.map((round) => usPerMessage(round.product) / usPerMessage(round.bare));
  const liveRatios = rounds.map((round) => liveUsPerMessage(round) / usPerMessage(round.bare));
  const byThread = (threads) =>
    Object.entries(threads)
      .filter(([, ms]) => ms > 0)
      .sort(([, a], [, b]) => b - a)
      .map(([name, ms]) => `${name} ${Math.round(ms)}`)
      .join(', ');
  for (const [r, round] of rounds.entries()) {
    console.log(
      `  round ${r + 1}: gateway ${usPerMessage(round.product).toFixed(2)} us per delivered message (${round.product.delivered} / ${round.product.expected}; idle ${round.gatewayIdle.toFixed(1)} ms/s, ${(round.uploads.netCpuMs / PHOTOS).toFixed(1)} ms per upload without screens, ${liveUsPerMessage(round).toFixed(2)} us without it), bare ws ${usPerMessage(round.bare).toFixed(2)} us (${round.bare.delivered} / ${round.bare.expected}); ratio ${ratios[r].toFixed(2)}, ${liveRatios[r].toFixed(2)} without the uploads' own cost`,
    );
    console.log(
      `    gateway CPU by thread, ms (clock ticks, idle included): the product's phase ${byThread(round.product.threads)}; the uploads' ${byThread(round.uploads.threads)}`,
    );
  }
  console.log(
    `  gateway / bare ws, CPU per delivered message (above idle), median of ${ROUNDS} round(s): ${median(ratios).toFixed(2)} (gateway ${median(rounds.map((round) => usPerMessage(round.product))).toFixed(2)} us, bare ${median(rounds.map((round) => usPerMessage(round.bare))).toFixed(2)} us); the live path alone ${median(liveRatios).toFixed(2)} (gateway ${median(rounds.map(liveUsPerMessage)).toFixed(2)} us)`,
  );
  console.log(`  load average after: ${machine().load}`);
  const bareDelivered = rounds.every(({ bare: b }) => b.delivered === b.expected);
  return delivered === expected && bareDelivered ? 0 : 1;
}

const watchdog = setTimeout(async () => {
  console.error(`live-latency: gave up after ${WATCHDOG_MS / 1000} s`);
  await Promise.race([cleanUp(cleanups), sleep(15_000)]);
  process.exit(1);
}, WATCHDOG_MS);

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  console.error(`live-latency failed: ${error.stack ?? error}`);
} finally {
  await cleanUp(cleanups);
  clearTimeout(watchdog);
}
process.exit(exitCode);
