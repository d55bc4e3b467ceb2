// @ts-check
// The slideshow wall through the whole product, in Chromium, in two phases:
//  1. latency: with --screens other screens open on the gallery (raw sockets, bench/live-screens.mjs), a guest's
//     confirmed upload -> the photo on the wall's screen (p50, p99 over --photos photos);
//  2. the long night: the wall cycles a gallery of --night-photos photos --rounds times. Time is sped up: each
//     photo stays until it has loaded and the next is asked for with the arrow key, not for the couple's 8 s.
//     Every --sample photos the page's JavaScript heap (after a collection) and its DOM node count are read
//     (Chrome DevTools Protocol), and the first and last samples are printed with their ratio: flat is 1.
//     Guests leave a guestbook message every --messages-every slides, so the wall's message band runs all night.
//
//   npm run build && node bench/wall.mjs [--screens=1000] [--photos=20] [--interval=3000]
//     [--night-photos=2000] [--rounds=2] [--sample=250] [--messages-every=10]
//
// PostgreSQL, NATS and the S3 server (or storage elsewhere: S3_ENDPOINT, bench/storage.mjs) run as local child
// processes, the services and the gateway as npm start runs them, Chromium from CHROMIUM_PATH or /usr/bin/chromium.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { chromium } from 'playwright-core';
import sharp from 'sharp';
import { runOnProductNode } from '../infra/product-node.mjs';
import { cleanUp, percentile, sleep } from './bench-run.mjs';
import { graphql, standardGallery } from './gallery-client.mjs';
import { startBenchProduct } from './product.mjs';
import { startScreens } from './screen-processes.mjs';
import { describeStorage } from './storage.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const WATCHDOG_MS = 30 * 60_000;

function option(name, fallback) {
  const flag = process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`));
  if (!flag) return fallback;
  const value = Number(flag.slice(name.length + 3));
  if (!Number.isInteger(value) || value <= 0) throw new Error(`--${name} must be a positive whole number`);
  return value;
}

const SCREENS = option('screens', 1000);
const PHOTOS = option('photos', 20);
// A photo that arrives stays at least a second before the next new one replaces it: photos one every 3 s
// measure the path, not that second.
const INTERVAL_MS = option('interval', 3000);
const NIGHT_PHOTOS = option('night-photos', 2000);
const ROUNDS = option('rounds', 2);
const SAMPLE = option('sample', 250);
const MESSAGES_EVERY = option('messages-every', 10);
/** A guest may leave 5 messages in 10 minutes: each identity leaves this many, then a new guest writes. */
const MESSAGES_PER_GUEST = 5;
const UPLOADERS = 4;
const BATCH = 25;

const ms = (value) => `${value.toFixed(0)} ms`;

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];

/** Distinct small JPEGs, as many as asked, cycled for the uploads. */
async function photos(count) {
  return Promise.all(
    Array.from({ length: count }, (_, i) =>
      sharp({
        create: { width: 800, height: 600, channels: 3, background: { r: (i * 37) % 256, g: 90, b: 140 } },
      })
        .jpeg({ quality: 80 })
        .toBuffer(),
    ),
  );
}

/** Uploads `count` photos to `code` as guests would (slot, PUT, confirm); resolves with their ids in order. */
async function uploadMany(url, code, count, files) {
  const ids = new Array(count);
  let next = 0;
  async function uploader(u) {
    for (;;) {
      const start = next;
      next += BATCH;
      if (start >= count) return;
      const size = Math.min(BATCH, count - start);
      const address = `198.18.${10 + u}.${(Math.floor(start / BATCH) % 250) + 1}`;
      // Media learns a paid plan from plan.upgraded a moment after the payment: slots beyond the free plan's
      // limit are refused until then.
      let slots;
      for (const deadline = Date.now() + 60_000; !slots;) {
        try {
          ({ requestPhotoUploads: slots } = await graphql(
            url,
            `
              mutation ($code: String!, $files: [PhotoUploadRequest!]!) {
                requestPhotoUploads(eventCode: $code, files: $files) {
                  uploadId
                  uploadUrl
                  headers {
                    name
                    value
                  }
                }
              }
            `,
            {
              code,
              files: Array.from({ length: size }, (_, i) => ({
                fileName: `IMG_${start + i}.jpg`,
                contentType: 'image/jpeg',
                size: files[(start + i) % files.length].length,
              })),
            },
            { address },
          ));
        } catch (error) {
          if (!String(error.message).startsWith('PHOTO_LIMIT_REACHED') || Date.now() > deadline) throw error;
          await sleep(250);
        }
      }
      for (const [i, slot] of slots.entries()) {
        const put = await fetch(slot.uploadUrl, {
          method: 'PUT',
          headers: Object.fromEntries(slot.headers.map((header) => [header.name, header.value])),
          body: files[(start + i) % files.length],
        });
        if (!put.ok) throw new Error(`PUT answered ${put.status}`);
        await graphql(
          url,
          `
            mutation ($code: String!, $id: ID!) {
              confirmPhotoUpload(eventCode: $code, uploadId: $id) {
                id
              }
            }
          `,
          { code, id: slot.uploadId },
          { address },
        );
        ids[start + i] = slot.uploadId;
      }
    }
  }
  await Promise.all(Array.from({ length: UPLOADERS }, (_, u) => uploader(u)));
  return ids;
}

async function openWall(browser, url, code, token) {
  const { createWallLink } = await graphql(
    url,
    `
      mutation ($code: String!) {
        createWallLink(eventCode: $code) {
          url
        }
      }
    `,
    { code },
    { token },
  );
  const page = await browser.newPage({ viewport: { width: 1920, height: 1080 } });
  await page.goto(createWallLink.url.replace(/^https?:\/\/[^/]+/, url));
  await page.getByTestId('wall').waitFor();
  return page;
}

/** Phase 1: confirm -> on the wall, with the other screens open. */
async function latency(browser, product, files) {
  const { code, token } = await standardGallery(product.url, {
    coupleNames: 'Lat & Ency',
    email: 'wall-bench@example.com',
  });
  const processes = startScreens(Math.max(1, Math.ceil(SCREENS / 5000)), cleanups);
  const ws = `${product.url.replace(/^http/, 'ws')}/graphql`;
  const screens = Array.from({ length: SCREENS }, (_, n) => ({ n, url: ws, eventCode: code }));
  const opened = await Promise.all(
    processes.map((screenProcess, p) =>
      screenProcess.open(screens.filter((_, n) => n % processes.length === p)),
    ),
  );
  const openedCount = opened.reduce((sum, answer) => sum + answer.opened, 0);
  const page = await openWall(browser, product.url, code, token);
  // When each photo goes on screen, by the page's clock (performance.timeOrigin + now: the epoch, as the bench's).
  await page.evaluate(() => {
    /** @type {Record<string, number>} */
    const seen = {};
    window.wallShown = seen;
    new window.MutationObserver(() => {
      const id = document.querySelector('[data-testid="wall-media"]')?.getAttribute('data-photo-id');
      if (id && !(id in seen)) seen[id] = performance.timeOrigin + performance.now();
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  const confirmed = new Map();
  const warmUp = await uploadMany(product.url, code, 1, files);
  await page.waitForFunction((id) => id in window.wallShown, warmUp[0], { timeout: 30_000 });
  const start = performance.now();
  for (let i = 0; i < PHOTOS; i++) {
    await sleep(Math.max(0, start + i * INTERVAL_MS - performance.now()));
    const before = performance.timeOrigin + performance.now();
    const [id] = await uploadMany(product.url, code, 1, [files[i % files.length]]);
    // The bench's confirm returns after the commit: the moment a guest's phone is told "done".
    confirmed.set(id, { sent: before, done: performance.timeOrigin + performance.now() });
  }
  await page.waitForFunction((ids) => ids.every((id) => id in window.wallShown), [...confirmed.keys()], {
    timeout: 60_000,
  });
  const shown = await page.evaluate(() => window.wallShown);
  const latencies = [...confirmed].map(([id, times]) => shown[id] - times.done).sort((a, b) => a - b);
  await page.close();
  return { openedCount, latencies };
}

/** Guests writing in the guestbook: each call leaves one message, a new guest every MESSAGES_PER_GUEST. */
function guestbookWriters(url, code) {
  let written = 0;
  let guest;
  return async function leaveMessage() {
    const address = `198.19.${Math.floor(written / 250) % 250}.${written % 250}`;
    if (written % MESSAGES_PER_GUEST === 0) {
      const { issueGuestIdentity } = await graphql(
        url,
        'mutation { issueGuestIdentity { token } }',
        {},
        { address },
      );
      guest = issueGuestIdentity.token;
    }
    written += 1;
    await graphql(
      url,
      `
        mutation ($code: String!, $text: String!, $name: String) {
          leaveGuestbookMessage(eventCode: $code, text: $text, guestName: $name) {
            id
          }
        }
      `,
      {
        code,
        text: `Message ${written}: what a wonderful evening, congratulations to you both!`,
        name: `Guest ${written}`,
      },
      { address, guest },
    );
    return written;
  };
}

/** Phase 2: the long night, sped up; the wall's heap and DOM nodes as it goes. */
async function longNight(browser, product, files) {
  const { code, token } = await standardGallery(product.url, {
    coupleNames: 'Long & Night',
    email: 'wall-bench@example.com',
  });
  const uploadStart = performance.now();
  await uploadMany(product.url, code, NIGHT_PHOTOS, files);
  const uploadSeconds = (performance.now() - uploadStart) / 1000;
  const page = await openWall(browser, product.url, code, token);
  const leaveMessage = guestbookWriters(product.url, code);
  let messages = 0;
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('HeapProfiler.enable');
  const samples = [];
  async function sample(shownCount) {
    await cdp.send('HeapProfiler.collectGarbage');
    const heap = await cdp.send('Runtime.getHeapUsage');
    const dom = await cdp.send('Memory.getDOMCounters');
    samples.push({
      shownCount,
      heapMb: heap.usedSize / 1e6,
      nodes: dom.nodes,
      listeners: dom.jsEventListeners,
    });
  }
  const current = () => page.getByTestId('wall-media').getAttribute('data-photo-id');
  const loaded = () =>
    page.waitForFunction(() => {
      const media = document.querySelector('[data-testid="wall-media"]');
      return media instanceof window.HTMLImageElement && media.complete && media.naturalWidth > 0;
    });
  await page.getByTestId('wall-media').waitFor();
  await loaded();
  await sample(1);
  const total = NIGHT_PHOTOS * ROUNDS;
  const start = performance.now();
  for (let shown = 2; shown <= total; shown++) {
    const before = await current();
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (id) => document.querySelector('[data-testid="wall-media"]')?.getAttribute('data-photo-id') !== id,
      before,
    );
    await loaded();
    if (shown % MESSAGES_EVERY === 0) messages = await leaveMessage();
    if (shown % SAMPLE === 0) await sample(shown);
  }
  const cycleSeconds = (performance.now() - start) / 1000;
  await page.close();
  return { samples, uploadSeconds, cycleSeconds, total, messages };
}

async function run() {
  const { product, s3 } = await startBenchProduct('wall', cleanups, {
    // Each screen and uploader says who it is through X-Forwarded-For, believed from loopback only.
    gatewayEnv: { TRUST_PROXY: 'loopback' },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  cleanups.push(() => browser.close());
  const files = await photos(16);

  console.log(
    `wall: machine nproc ${os.cpus().length}, ${os.cpus()[0]?.model}, Node ${process.version}; ${describeStorage(s3)}`,
  );
  const { openedCount, latencies } = await latency(browser, product, files);
  console.log(
    `  latency, confirm -> on the wall with ${openedCount} other screens open: ${PHOTOS} photos, one every ${INTERVAL_MS} ms: p50 ${ms(percentile(latencies, 0.5))}, p99 ${ms(percentile(latencies, 0.99))}, max ${ms(latencies.at(-1))}`,
  );
  const night = await longNight(browser, product, files);
  // The loop takes in the gallery's pages during its first round, so the night is judged from its first hour on.
  const last = night.samples.at(-1);
  const first = night.samples.find((s) => s.shownCount >= 450) ?? night.samples[0];
  const hours = (shown) => ((shown * 8) / 3600).toFixed(1);
  console.log(
    `  long night: ${NIGHT_PHOTOS} photos uploaded in ${night.uploadSeconds.toFixed(0)} s, cycled ${ROUNDS} times (${night.total} slides, ${hours(night.total)} h at 8 s a photo) in ${night.cycleSeconds.toFixed(0)} s, ${night.messages} guestbook messages left meanwhile`,
  );
  for (const s of night.samples) {
    console.log(
      `    after ${String(s.shownCount).padStart(5)} slides (${hours(s.shownCount).padStart(5)} h): heap ${s.heapMb.toFixed(1)} MB, DOM nodes ${s.nodes}, listeners ${s.listeners}`,
    );
  }
  console.log(
    `  last / first hour (${first.shownCount} slides): heap ${(last.heapMb / first.heapMb).toFixed(2)}, DOM nodes ${(last.nodes / first.nodes).toFixed(2)}`,
  );
  return 0;
}

const watchdog = setTimeout(async () => {
  console.error(`wall: gave up after ${WATCHDOG_MS / 1000} s`);
  await Promise.race([cleanUp(cleanups), sleep(15_000)]);
  process.exit(1);
}, WATCHDOG_MS);

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  console.error(`wall failed: ${error.stack ?? error}`);
} finally {
  await cleanUp(cleanups);
  clearTimeout(watchdog);
}
process.exit(exitCode);
