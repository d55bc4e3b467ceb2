// @ts-check
// The first dance at a real venue: hundreds of guests behind one public address (the venue's NAT, a carrier's
// CGNAT) take photos within a few minutes, while gallery screens and the wall show them.
//
//   npm run build && node bench/venue.mjs [--guests=300] [--photos=10] [--minutes=10] [--screens=50]
//     [--concurrency=32] [--megapixels=12] [--kill-media] [--log=FILE]
//
// The product runs as npm start runs it (bench/product.mjs), its gateway believing X-Forwarded-For from loopback
// (TRUST_PROXY), and every request of the venue's guests and screens says it comes from one address. The couple
// orders a Standard gallery (unlimited photos) through the demo checkout, from an address of their own. Then:
// - the wall (after the wall query with its link's key, a socket holding the wall page's subscriptions) and
//   --screens gallery screens (each a socket holding a gallery page's, bench/live-screens.mjs) open;
// - --guests guests each take --photos phone photos (--megapixels JPEGs, bench/phone-photo.mjs; 8 distinct ones
//   cycled, the product keeps no two photos apart by their bytes) at random moments of a --minutes window (the
//   same moments every run), each guest's phone sending them as the web app does (bench/guest-phone.mjs: its own
//   guest identity, three files at a time, slots asked for with the confirms, lost answers asked again, a
//   RATE_LIMITED refusal waited out and tried again). The bench keeps at most --concurrency requests and PUTs in
//   flight at once (its own CPU and memory), so a photo may wait for the bench before it goes;
// - with --kill-media, the media service is killed (SIGKILL to its process group: a crashed container) in the
//   middle of the window and started again, as a container platform would.
// The phones stop at the end of the window plus as long again (at least 2 minutes); the screens get 30 s more.
// Prints, each with its goal: the photos taken against those sent (confirmed to the guest); the server's refusals
// by code (the waits RATE_LIMITED asked for apart); the photos lost (stored but never confirmed, or confirmed but
// not on every open screen); those doubled (a photo twice in the gallery, read back at the end); the latency from
// a photo's confirm sent, and from its taking, to the last screen; and the product's CPU per photo sent (media, its
// exiftool, the gateway, events, the S3 server, from /proc, once every preview is made and every event handled)
// against bare sharp's making the same derived images in this process before the product starts.
// --log=FILE: every line the services and the gateway print, each after its name, into FILE.
// Traffic only to 127.0.0.1; it exits 0 whatever the figures, non-zero when it could not measure.
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { URLSearchParams } from 'node:url';
import { SERVICE_DATABASES } from '../infra/services.mjs';
import { runOnProductNode } from '../infra/product-node.mjs';
import { bareCpuMsPerPhoto } from './bare-sharp.mjs';
import { cleanUp, machine, option, percentile, sleep } from './bench-run.mjs';
import { graphql, mediaKnowsStandard, standardGallery } from './gallery-client.mjs';
import { GuestPhone, permits, VenueTally } from './guest-phone.mjs';
import { phonePhoto } from './phone-photo.mjs';
import { productCpu } from './product-cpu.mjs';
import { watchProductWork } from './product-work.mjs';
import { startBenchProduct } from './product.mjs';
import { startScreens } from './screen-processes.mjs';
import { describeStorage } from './storage.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const positive = (name, fallback) => {
  const value = option(name, fallback);
  if (value < 1) throw new Error(`--${name} must be at least 1`);
  return value;
};
const GUESTS = positive('guests', 300);
const PHOTOS = positive('photos', 10);
const MINUTES = positive('minutes', 10);
const SCREENS = option('screens', 50);
const CONCURRENCY = positive('concurrency', 32);
const MEGAPIXELS = positive('megapixels', 12);
const KILL_MEDIA = process.argv.includes('--kill-media');
const LOG = option('log', '');

/** The venue's one public address (198.18.0.0/15 is set aside for benchmarks). */
const VENUE_ADDRESS = '198.18.77.1';
const DISTINCT = 8;
/** Bare sharp's photos, one at a time, after a pass over the distinct ones. */
const BARE_PHOTOS = 16;
const WINDOW_MS = MINUTES * 60_000;
/** After the window, the phones go on as long again (at least 2 minutes) before they stop. */
const DRAIN_MS = Math.max(120_000, WINDOW_MS);
/** After the phones stop, the screens get this long for the last photos. */
const SCREENS_GRACE_MS = 30_000;
/** The whole run's bound: start-up and the closing reads take a few minutes at most. */
const WATCHDOG_MS = WINDOW_MS + DRAIN_MS + SCREENS_GRACE_MS + 15 * 60_000;
/** The wall page's subscriptions among bench/live-screens.mjs's (web/src/wall: useWallPhotos, WallGuestbook). */
const WALL_SUBSCRIPTIONS = ['1', '3', '4', '6', '7', '8'];

const now = () => performance.timeOrigin + performance.now();
const ms = (value) => (Number.isFinite(value) ? `${value.toFixed(0)} ms` : 'none');
const clock = (at, start) => {
  const seconds = Math.round((at - start) / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};
/** A figure's line with its goal, judged. */
const judged = (figure, goal, met) => `  ${figure}; goal ${goal}: ${met ? 'goal met' : 'not met'}`;

/** The same moments every run: a small seeded generator (mulberry32). */
function seeded(seed) {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];

/** Every photo of the gallery, read back by the couple a page at a time. */
async function galleryPhotoIds(url, code, token) {
  const ids = [];
  for (let after = null; ;) {
    const { event } = await graphql(
      url,
      `
        query ($code: String!, $after: String) {
          event(code: $code) {
            photos(first: 100, after: $after) {
              nodes {
                id
              }
              endCursor
              hasMore
            }
          }
        }
      `,
      { code, after },
      { token },
    );
    ids.push(...event.photos.nodes.map((photo) => photo.id));
    if (!event.photos.hasMore) return ids;
    after = event.photos.endCursor;
  }
}

async function run() {
  const before = machine();
  console.log(
    `venue: making ${DISTINCT} distinct ${MEGAPIXELS} MP photos, then bare sharp on ${BARE_PHOTOS}...`,
  );
  const files = [];
  for (let i = 0; i < DISTINCT; i++) files.push(await phonePhoto(MEGAPIXELS));
  const bareMsPerPhoto = await bareCpuMsPerPhoto(files, BARE_PHOTOS);

  const log = LOG ? createWriteStream(path.resolve(LOG)) : undefined;
  // Ended after the product stopped (cleanups run last first), so the services' last lines are in it.
  if (log) cleanups.push(() => new Promise((resolve) => log.end(resolve)));
  const { product, s3, nats, postgres } = await startBenchProduct('venue', cleanups, {
    gatewayEnv: { TRUST_PROXY: 'loopback' },
    ...(log && { log: (name, line) => log.write(`[${name}] ${line}\n`) }),
  });
  const { previewsDone, eventsHandled } = await watchProductWork(
    { mediaDatabaseUrl: postgres.url(SERVICE_DATABASES.media), natsUrl: nats.url },
    cleanups,
  );
  const { code, token } = await standardGallery(product.url, { coupleNames: 'Venue & Bench' });
  await mediaKnowsStandard(product.url, code);

  // The wall, opened from the couple's link on the venue's screen.
  const { createWallLink } = await graphql(
    product.url,
    'mutation ($code: String!) { createWallLink(eventCode: $code) { url } }',
    { code },
    { token },
  );
  const wallKey = new URLSearchParams(new URL(createWallLink.url).hash.slice(1)).get('key');
  await graphql(
    product.url,
    'query ($code: String!, $key: String!) { wall(code: $code, key: $key) { code } }',
    {
      code,
      key: wallKey,
    },
    { address: VENUE_ADDRESS },
  );
  const [screens] = startScreens(1, cleanups);
  const ws = `${product.url.replace(/^http/, 'ws')}/graphql`;
  const wallOpened = (
    await screens.open([
      { n: 0, url: ws, eventCode: code, address: VENUE_ADDRESS, subscriptions: WALL_SUBSCRIPTIONS },
    ])
  ).opened;
  const screensOpened = (
    await screens.open(
      Array.from({ length: SCREENS }, (_, n) => ({
        n: n + 1,
        url: ws,
        eventCode: code,
        address: VENUE_ADDRESS,
      })),
    )
  ).opened;
  const openNow = wallOpened + screensOpened;
  await eventsHandled();

  const tally = new VenueTally();
  const inFlight = permits(CONCURRENCY);
  const random = seeded(20270612);
  const start = now();
  const deadline = start + WINDOW_MS + DRAIN_MS;
  const cpuStart = await productCpu(product.pids, s3.pid);
  const phones = [];
  /** @type {import('./guest-phone.mjs').TakenPhoto[]} */
  const taken = [];
  const timers = [];
  for (let g = 0; g < GUESTS; g++) {
    const phone = new GuestPhone({
      url: product.url,
      eventCode: code,
      address: VENUE_ADDRESS,
      guestName: `Guest ${g + 1}`,
      tally,
      deadline,
      inFlight,
      now,
    });
    phones.push(phone);
    for (let p = 0; p < PHOTOS; p++) {
      const photo = {
        name: `IMG_${String(g + 1).padStart(3, '0')}_${p + 1}.JPG`,
        bytes: files[(g * PHOTOS + p) % DISTINCT],
        takenAt: start + random() * WINDOW_MS,
        uploadIds: [],
      };
      taken.push(photo);
      timers.push(setTimeout(() => phone.add([photo]), photo.takenAt - now()));
    }
  }
  cleanups.push(async () => timers.forEach(clearTimeout));
  console.log(
    `venue: ${GUESTS} guests behind ${VENUE_ADDRESS}, ${PHOTOS} photos each over ${MINUTES} min, ${screensOpened} of ${SCREENS} screens and ${wallOpened ? 'the wall' : 'no wall (refused)'} open${KILL_MEDIA ? ', media to be killed at half-time' : ''}...`,
  );

  let kill;
  if (KILL_MEDIA) {
    await sleep(Math.max(0, start + WINDOW_MS / 2 - now()));
    const cpuAtKill = await productCpu(product.pids, s3.pid);
    const killedAt = now();
    await product.restart('media');
    kill = { cpuAtKill, killedAt, backAt: now() };
  }
  // Every photo taken has been added by the end of the window; then each phone ends, sent or given up.
  await sleep(Math.max(0, start + WINDOW_MS - now()) + 100);
  await Promise.all(phones.map((phone) => phone.idle()));
  const phonesDoneAt = now();

  /** Photo id -> arrival times on the open screens (one a screen). */
  const arrivals = new Map();
  /** Sockets closed so far, those refused at the start included. */
  let closedScreens;
  const sent = taken.filter((photo) => photo.photoId);
  const onEveryScreen = (photo) => (arrivals.get(photo.photoId)?.length ?? 0) >= openNow;
  for (const screensDeadline = now() + SCREENS_GRACE_MS; ; await sleep(1000)) {
    const report = await screens.report();
    closedScreens = report.closed;
    for (const [id, times] of Object.entries(report.arrivals))
      arrivals.set(id, [...(arrivals.get(id) ?? []), ...times]);
    if (sent.every(onEveryScreen) || now() > screensDeadline) break;
  }

  let settled = 'every preview made and every event handled';
  await previewsDone()
    .then(eventsHandled)
    .catch((error) => {
      settled = `not settled: ${error.message}`;
    });
  const cpuEnd = await productCpu(product.pids, s3.pid);
  const galleryIds = await galleryPhotoIds(product.url, code, token);

  // What each part of the product used over the run; a killed media's share up to its kill, then its successor's.
  const used = (part) =>
    kill && part.startsWith('media')
      ? kill.cpuAtKill[part] - cpuStart[part] + cpuEnd[part]
      : cpuEnd[part] - cpuStart[part];
  const perPhoto = (part) => used(part) / sent.length;

  const inGallery = new Set(galleryIds);
  const doubled = taken.filter((photo) => photo.uploadIds.filter((id) => inGallery.has(id)).length > 1);
  const storedNotConfirmed = taken.filter((photo) => photo.stored && !photo.photoId);
  const notOnEveryScreen = sent.filter((photo) => !onEveryScreen(photo));
  const twiceOnAScreen = sent.filter((photo) => (arrivals.get(photo.photoId)?.length ?? 0) > openNow);
  const failures = new Map();
  for (const photo of taken.filter((photo) => !photo.photoId))
    failures.set(photo.failure ?? 'unknown', (failures.get(photo.failure ?? 'unknown') ?? 0) + 1);
  const lastOnScreens = sent
    .filter(onEveryScreen)
    .map((photo) => ({ photo, last: Math.max(...(arrivals.get(photo.photoId) ?? [])) }));
  const fromConfirm = lastOnScreens
    .map(({ photo, last }) => last - (photo.confirmSentAt ?? NaN))
    .sort((a, b) => a - b);
  const fromTaking = lastOnScreens.map(({ photo, last }) => last - photo.takenAt).sort((a, b) => a - b);
  const withoutIdentity = phones.filter((phone) => !phone.identity).length;

  const list = (entries) => entries.map(([name, count]) => `${name} ${count}`).join(', ');
  const refusals = [...tally.refusals].map(
    ([code, byOperation]) =>
      `${code} ${[...byOperation.values()].reduce((a, b) => a + b, 0)} (${list([...byOperation])})`,
  );
  const refusedOtherThanWaits = [...tally.refusals.keys()].filter((code) => code !== 'RATE_LIMITED');
  const confirmRoundTrip = sent
    .map((photo) => (photo.confirmedAt ?? NaN) - (photo.confirmSentAt ?? NaN))
    .sort((a, b) => a - b);
  const waitedFor = taken.filter((photo) => photo.waited).length;
  const lost = storedNotConfirmed.length + notOnEveryScreen.length;
  const refusedScreens = SCREENS + 1 - openNow;
  const after = machine();
  console.log(
    `venue: ${GUESTS} guests behind one address, ${PHOTOS} photos each (${MEGAPIXELS} MP, ${(files[0].length / 1e6).toFixed(1)} MB JPEG), over ${MINUTES} min; ${SCREENS} screens and the wall${KILL_MEDIA ? '; media killed and restarted' : ''}; at most ${CONCURRENCY} requests in flight`,
  );
  console.log(
    `  machine: nproc ${before.nproc}, ${before.cpu}, Node ${before.node}; load average before ${before.load}, after ${after.load}; ${describeStorage(s3)}`,
  );
  console.log(
    judged(
      `photos taken / sent: ${taken.length} / ${sent.length}${failures.size > 0 ? ` (not sent: ${list([...failures])})` : ''}, the last phone done at ${clock(phonesDoneAt, start)}`,
      'all',
      sent.length === taken.length,
    ),
  );
  console.log(
    judged(
      `refused by code: ${refusals.length > 0 ? refusals.join('; ') : 'none'}`,
      'none other than waits',
      refusedOtherThanWaits.length === 0,
    ),
  );
  console.log(
    judged(
      `waits (RATE_LIMITED, sat out and tried again): ${tally.waits.count}, ${tally.waits.seconds} s in all, the longest ${tally.waits.longest} s; photos that met one: ${waitedFor} of ${taken.length} (the web app until now gives such a photo up at once); guests without an identity: ${withoutIdentity}`,
      'none',
      tally.waits.count === 0,
    ),
  );
  console.log(`  answers lost and asked again: ${tally.lost.size > 0 ? list([...tally.lost]) : 'none'}`);
  console.log(
    judged(
      `screens open: ${screensOpened} of ${SCREENS} and ${wallOpened ? 'the wall' : 'not the wall'}, ${closedScreens - refusedScreens} closed later`,
      'all',
      refusedScreens === 0 && closedScreens === 0,
    ),
  );
  console.log(
    judged(
      `lost: ${lost} (stored but never confirmed ${storedNotConfirmed.length}, confirmed but not on every open screen ${notOnEveryScreen.length})`,
      'none',
      lost === 0,
    ),
  );
  console.log(
    judged(
      `doubled: ${doubled.length} twice in the gallery (${galleryIds.length} photos read back, ${sent.length} sent), ${twiceOnAScreen.length} delivered twice to a screen`,
      'none',
      doubled.length === 0 && twiceOnAScreen.length === 0,
    ),
  );
  console.log(
    `  to every open screen (${openNow}), ${lastOnScreens.length} photos: from the confirm sent p50 ${ms(percentile(fromConfirm, 0.5))}, p99 ${ms(percentile(fromConfirm, 0.99))}; from the photo taken p50 ${ms(percentile(fromTaking, 0.5))}, p99 ${ms(percentile(fromTaking, 0.99))}; the confirm's answer p50 ${ms(percentile(confirmRoundTrip, 0.5))}, p99 ${ms(percentile(confirmRoundTrip, 0.99))}`,
  );
  if (kill) {
    console.log(
      `  media killed at ${clock(kill.killedAt, start)}, listening again ${((kill.backAt - kill.killedAt) / 1000).toFixed(1)} s later`,
    );
  }
  const services = used('media') + used('gateway') + used('events');
  console.log(
    `  CPU per photo sent (${settled}): media ${ms(perPhoto('media'))}, its exiftool ${ms(perPhoto('mediaChildren'))}, gateway ${ms(perPhoto('gateway'))}, events ${ms(perPhoto('events'))}, S3 server ${ms(perPhoto('s3'))}; bare sharp ${ms(bareMsPerPhoto)} (one at a time, ${BARE_PHOTOS} photos); media / bare sharp ${(perPhoto('media') / bareMsPerPhoto).toFixed(2)}, media + gateway + events / bare sharp ${(services / sent.length / bareMsPerPhoto).toFixed(2)}`,
  );
  return 0;
}

const watchdog = setTimeout(async () => {
  console.error(`venue: gave up after ${WATCHDOG_MS / 60_000} min`);
  await Promise.race([cleanUp(cleanups), sleep(20_000)]);
  process.exit(1);
}, WATCHDOG_MS);

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  console.error(`venue failed: ${error.stack ?? error}`);
} finally {
  await Promise.race([cleanUp(cleanups), sleep(20_000)]);
  clearTimeout(watchdog);
}
process.exit(exitCode);
