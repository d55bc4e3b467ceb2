// @ts-check
// A guest scrolling through a wedding's 10,000 photos on a phone: one phone-sized Chromium page (390x844, touch,
// its CPU slowed down with the DevTools protocol) opens a gallery of N photos, scrolls to its end (each older page
// loading as it nears it) and back to the top. Prints the time to the first thumbnail, the page's longest task
// (a PerformanceObserver of `longtask` entries started before the page's own scripts), and its DOM nodes and
// JavaScript heap (DevTools' Performance.getMetrics, once its requests are done and after a garbage collection;
// and the elements in its document) at the start, at the end and back at the top: what stays flat when only the
// tiles near the screen are in the page.
//
//   npm run build && node bench/phone-gallery.mjs [--photos=10000] [--cpu-slowdown=4] [--web-dist=DIR]
//     [--stall-seconds=120] [--profile=FILE] [--trace[=FILE]] [--heap-snapshots=PREFIX] [--allocations=FILE]
//     [--watchdog-minutes=30] [--look]
//
// --web-dist=DIR: the gateway serves the web app built in DIR rather than web/dist (another build's, to compare:
// `git worktree add /tmp/before <commit> && cd /tmp/before && npm ci && npm run build -w web`, then
// --web-dist=/tmp/before/web/dist); the services are this checkout's.
// The gallery is three real photos and copies of them written straight into media's database
// (@gallery/testing's seedGalleryPhotos), as the browser test web/e2e/large-gallery.e2e.ts makes it.
// The product runs as npm start runs it (bench/product.mjs); Chromium from CHROMIUM_PATH or /usr/bin/chromium.
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { seedGalleryPhotos } from '../packages/testing/dist/index.js';
import { SERVICE_DATABASES } from '../infra/services.mjs';
import { runOnProductNode } from '../infra/product-node.mjs';
import { cleanUp, machine, option, sleep } from './bench-run.mjs';
import { standardGallery, uploadPhotos } from './gallery-client.mjs';
import { longTaskParts, longTasksLine, PHONE, watchLongTasks } from './phone-page.mjs';
import { phonePhoto } from './phone-photo.mjs';
import { startBenchProduct } from './product.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

const PHOTOS = option('photos', 10_000);
const UPLOADED = 3;
// Lighthouse's mobile setting: a mid-range phone's CPU against a desktop's.
const CPU_SLOWDOWN = option('cpu-slowdown', 4);
const WEB_DIST = option('web-dist', '');
const WATCHDOG_MS = option('watchdog-minutes', 30) * 60_000;
/**
 * How long the end of the grid may stay in view with no older page coming before the bench counts a stall and
 * clicks "Load more" (as a guest left waiting would) to go on: a build that stalls is still measured to the end.
 */
const STALL_MS = option('stall-seconds', 120) * 1000;
/**
 * --look: a guest who looks at each screen: after each older page, and each step back up, the bench waits until
 * every thumbnail in view is drawn before it scrolls on (by default it flings on as soon as the page is there).
 */
const LOOK = process.argv.includes('--look');
/**
 * --profile=FILE: a sampling CPU profile of the page's main thread from opening (the first render among it) to
 * back on top, written to FILE (open it in Chrome's DevTools) and summed up by function (self time): what the long
 * tasks are made of.
 */
const PROFILE = option('profile', '');
/**
 * --trace: Chromium's trace of the page from opening to back on top, and its tasks by their own CPU (the trace's
 * thread time): on a loaded machine a task's wall time is mostly waiting for a core. DevTools' slowdown holds the
 * thread busy, so its thread time has the slowdown in it (a loop of 422 ms of thread time at 1x took 1,336 at 4x,
 * at load 23): a task's thread time is about what it would last on a quiet machine. --trace=FILE: the trace written
 * to FILE too (open it in DevTools' Performance panel).
 */
const TRACE_OUT = option('trace', '');
const TRACE = process.argv.includes('--trace') || Boolean(TRACE_OUT);
/**
 * --heap-snapshots=PREFIX: the page's heap snapshot at the start and at the end (PREFIX-start.heapsnapshot,
 * PREFIX-end.heapsnapshot), for bench/heap-by-constructor.mjs to say what grew a photo (--per=photos read).
 */
const HEAP_SNAPSHOTS = option('heap-snapshots', '');
/**
 * --allocations=FILE: V8's sampling heap profile of the scroll (allocations by stack, what was collected left in:
 * what keeps the collector busy), written to FILE (a .heapprofile for DevTools) and summed up by function.
 */
const ALLOCATIONS = option('allocations', '');
/** The trace's mark of the page's opening (a `console.timeStamp` of an init script). */
const OPENED_MARK = 'phone-gallery: opened';
/**
 * The trace's mark of the first scroll: the tasks from there are the scroll's (pages loading, tiles coming into
 * view), whatever the gallery's size; those before it, the page's opening, the same for 30 photos as for 10,000.
 */
const SCROLLING_MARK = 'phone-gallery: scrolling';
/** Each step back to the top, in screens: a quick flick up. */
const SCREENS_A_STEP_BACK = 3;

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];

/** Records when the first thumbnail of the grid has loaded (an init script): load events reach a capturing listener. */
function watchFirstThumbnail() {
  window.__firstThumbnail = 0;
  document.addEventListener(
    'load',
    (event) => {
      const target = /** @type {Element} */ (event.target);
      if (!window.__firstThumbnail && target.matches?.('.photo-grid img'))
        window.__firstThumbnail = performance.now();
    },
    true,
  );
}

async function run() {
  const { product, postgres } = await startBenchProduct('phone-gallery', cleanups, {
    gatewayEnv: { TRUST_PROXY: 'loopback', ...(WEB_DIST ? { WEB_DIST: path.resolve(WEB_DIST) } : {}) },
  });
  // Standard: no photo limit, as a wedding of thousands of photos has.
  const { code } = await standardGallery(product.url);
  await uploadPhotos(
    product.url,
    code,
    await Promise.all(Array.from({ length: UPLOADED }, () => phonePhoto(2))),
  );
  const media = new URL(postgres.url('postgres'));
  media.pathname = `/${SERVICE_DATABASES.media}`;
  console.log(`phone-gallery: writing ${PHOTOS - UPLOADED} more photos into media's database...`);
  await seedGalleryPhotos(media.toString(), code, PHOTOS - UPLOADED);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  cleanups.push(() => browser.close());
  const page = await (await browser.newContext(PHONE)).newPage();
  await page.addInitScript(watchLongTasks);
  await page.addInitScript(watchFirstThumbnail);
  if (TRACE) {
    await page.addInitScript((mark) => console.timeStamp(mark), OPENED_MARK);
    await browser.startTracing(page, {
      // cppgc: Blink's collector, whose weak callbacks free the images of tiles passed (docs/decisions.md).
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'cppgc'],
    });
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await cdp.send('Performance.enable');
  // A thumbnail still loading holds its element, and the tile around it, after the tile left the page: the
  // figures are read once the page's requests are done, so that only what the page keeps is counted.
  let requestsUnderWay = 0;
  /** Thumbnails the page asked for, and of them since the scroll began: a figure the machine's load does not move. */
  const thumbnailsAsked = { all: 0, scrolling: 0, scrollStarted: false };
  page.on('request', (request) => {
    requestsUnderWay++;
    if (!new URL(request.url()).pathname.endsWith('/thumbnail')) return;
    thumbnailsAsked.all++;
    if (thumbnailsAsked.scrollStarted) thumbnailsAsked.scrolling++;
  });
  page.on('requestfinished', () => requestsUnderWay--);
  page.on('requestfailed', () => requestsUnderWay--);
  /** DOM nodes and the JavaScript heap in use (MB), after a full garbage collection: what the page holds. */
  const held = async () => {
    while (requestsUnderWay > 0) await sleep(100);
    // Blink sweeps what a collection freed a moment after it: a second one, later, finds the first's done.
    await cdp.send('HeapProfiler.collectGarbage');
    await sleep(1000);
    await cdp.send('HeapProfiler.collectGarbage');
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name) => metrics.find((entry) => entry.name === name)?.value ?? NaN;
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    return { nodes: metric('Nodes'), elements, heapMb: metric('JSHeapUsedSize') / 2 ** 20 };
  };
  /** The page's heap snapshot written to PREFIX-NAME.heapsnapshot (--heap-snapshots). */
  const snapshot = async (name) => {
    if (!HEAP_SNAPSHOTS) return;
    const chunks = [];
    const collect = ({ chunk }) => chunks.push(chunk);
    cdp.on('HeapProfiler.addHeapSnapshotChunk', collect);
    await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
    cdp.off('HeapProfiler.addHeapSnapshotChunk', collect);
    await writeFile(`${HEAP_SNAPSHOTS}-${name}.heapsnapshot`, chunks.join(''));
  };

  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }
  const before = machine();
  await page.goto(`${product.url}/gallery/${code}`);
  await page.waitForFunction(() => window.__firstThumbnail > 0, null, { timeout: WATCHDOG_MS, polling: 100 });
  const firstThumbnailMs = await page.evaluate(() => window.__firstThumbnail);
  // Settled: the page's own start-up (fonts, the live socket) done.
  await sleep(2000);
  const atStart = await held();
  await snapshot('start');

  const scrollStartedInPage = await page.evaluate((mark) => {
    console.timeStamp(mark);
    return performance.now();
  }, SCROLLING_MARK);
  if (ALLOCATIONS) {
    await cdp.send('HeapProfiler.enable');
    await cdp.send('HeapProfiler.startSampling', {
      samplingInterval: 16384,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: true,
    });
  }
  const scrollStarted = Date.now();
  thumbnailsAsked.scrollStarted = true;
  let pages = 0;
  /** @type {number[]} the pages after which the grid stalled */
  const stalls = [];
  for (;;) {
    const height = await page.evaluate(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      return document.documentElement.scrollHeight;
    });
    if ((await page.locator('.load-more').count()) === 0) break;
    const grown = await page
      .waitForFunction(
        (before) => document.documentElement.scrollHeight > before || !document.querySelector('.load-more'),
        height,
        { timeout: STALL_MS, polling: 'raf' },
      )
      .then(
        () => true,
        () => false,
      );
    if (!grown) {
      stalls.push(pages);
      console.log(
        `phone-gallery: no older page came after page ${pages} with the end in view; clicking "Load more"`,
      );
      await page.locator('.load-more button').click();
      continue;
    }
    pages++;
    if (LOOK) await thumbnailsInViewDrawn(page);
    if (pages % 10 === 0)
      console.log(`phone-gallery: ${pages} pages in ${((Date.now() - scrollStarted) / 1000).toFixed(0)} s`);
  }
  const scrolledMs = Date.now() - scrollStarted;
  const shown = await page.locator('.photo-grid img').count();
  const allocations = ALLOCATIONS ? (await cdp.send('HeapProfiler.stopSampling')).profile : null;
  const atEnd = await held();
  await snapshot('end');

  // Back to the top a few screens at a time, each step drawn before the next.
  for (;;) {
    const top = await page.evaluate(async (screens) => {
      window.scrollBy(0, -window.innerHeight * screens);
      await new Promise((resolve) =>
        window.requestAnimationFrame(() => window.requestAnimationFrame(resolve)),
      );
      return window.scrollY;
    }, SCREENS_A_STEP_BACK);
    if (LOOK) await thumbnailsInViewDrawn(page);
    if (top <= 0) break;
  }
  const profile = PROFILE ? (await cdp.send('Profiler.stop')).profile : null;
  const trace = TRACE ? JSON.parse((await browser.stopTracing()).toString()) : null;
  const backAtTop = await held();
  const tasks = await page.evaluate(() => window.__longTasks);

  console.log(
    `phone-gallery: ${PHOTOS} photos on a ${PHONE.viewport.width}x${PHONE.viewport.height} page, CPU slowed ${CPU_SLOWDOWN}x, web app ${WEB_DIST || 'web/dist'}`,
  );
  const { nproc, cpu, node, load } = machine();
  console.log(
    `  machine: nproc ${nproc}, ${cpu}, Node ${node}; load average before: ${before.load}, after: ${load}`,
  );
  console.log(`  first thumbnail loaded ${firstThumbnailMs.toFixed(0)} ms after navigation start`);
  console.log(
    `  scrolled to the end in ${(scrolledMs / 1000).toFixed(1)} s (${pages} pages loaded on the way), ${shown} thumbnails in the page there`,
  );
  console.log(
    `  thumbnails asked for: ${thumbnailsAsked.all}, ${thumbnailsAsked.scrolling} of them scrolling (to the end and back)`,
  );
  console.log(
    `  stalls (the end in view ${STALL_MS / 1000} s with no older page, "Load more" clicked): ${stalls.length ? `${stalls.length}, after pages ${stalls.join(', ')}` : 'none'}`,
  );
  const row = (name, { nodes, elements, heapMb }) =>
    `  ${name.padEnd(12)} DOM nodes ${String(nodes).padStart(7)} (elements in the document ${String(elements).padStart(6)}), JS heap ${heapMb.toFixed(1).padStart(6)} MB`;
  console.log(row('start', atStart));
  console.log(
    `${row('end', atEnd)}  (x${(atEnd.nodes / atStart.nodes).toFixed(2)} nodes, x${(atEnd.heapMb / atStart.heapMb).toFixed(2)} heap)`,
  );
  console.log(row('back on top', backAtTop));
  console.log(`  main thread from opening to back on top: ${longTasksLine(tasks)}`);
  console.log(
    `  of which scrolling (to the end and back): ${longTasksLine(tasks.filter((task) => task.start >= scrollStartedInPage))}`,
  );
  if (trace) {
    const events = trace.traceEvents ?? trace;
    const { cpu } = longTaskParts(events, OPENED_MARK);
    const { cpu: scrolling } = longTaskParts(events, SCROLLING_MARK);
    console.log(
      `  by the page's own CPU (thread time, the slowdown in it): opening to back on top ${cpu.total.toFixed(0)} ms in all, ${cpu.over50} tasks over 50 ms, the longest ${(cpu.largest[0]?.ms ?? 0).toFixed(0)} ms; scrolling ${scrolling.total.toFixed(0)} ms, ${scrolling.over50} over 50 ms, the longest ${(scrolling.largest[0]?.ms ?? 0).toFixed(0)} ms; the largest (seconds after opening: largest parts):`,
    );
    const weak = blinkWeakCallbacks(events);
    console.log(
      `  Blink's weak callbacks in full collections (freeing what tiles passed held, images most): ${weak.total.toFixed(0)} ms in all, the longest ${weak.longest.toFixed(0)} ms`,
    );
    for (const task of cpu.largest) {
      const inside = task.parts.map(({ name, ms }) => `${name} ${ms.toFixed(0)} ms`).join(', ');
      console.log(`    ${task.ms.toFixed(0).padStart(7)} ms  at ${task.at.toFixed(1)} s: ${inside}`);
    }
    if (TRACE_OUT) await writeFile(TRACE_OUT, JSON.stringify(trace));
  }
  if (profile) {
    await writeFile(PROFILE, JSON.stringify(profile));
    console.log(`  CPU profile in ${PROFILE}; self time by function (ms, the top 20):`);
    for (const [name, ms] of selfTimes(profile).slice(0, 20))
      console.log(`    ${ms.toFixed(0).padStart(7)}  ${name}`);
  }
  if (allocations) {
    await writeFile(ALLOCATIONS, JSON.stringify(allocations));
    console.log(
      `  allocations while scrolling in ${ALLOCATIONS}; by the allocating function (MB, the top 20):`,
    );
    for (const [name, bytes] of allocatedBy(allocations.head).slice(0, 20))
      console.log(`    ${(bytes / 2 ** 20).toFixed(2).padStart(7)}  ${name}`);
  }
  return 0;
}

/**
 * Until every thumbnail in the window's view has its source and is drawn (--look), at most 10 s.
 * @param {import('playwright-core').Page} page
 */
async function thumbnailsInViewDrawn(page) {
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll('.photo-grid img')].every((image) => {
          const { top, bottom } = image.getBoundingClientRect();
          if (bottom <= 0 || top >= window.innerHeight) return true;
          return image.hasAttribute('src') && /** @type {HTMLImageElement} */ (image).complete;
        }),
      null,
      { timeout: 10_000, polling: 'raf' },
    )
    .catch(() => undefined);
}

/**
 * Blink's custom weak callbacks (`CppGC.CustomCallbacksProcessing`, in a full collection's pause) on the busiest
 * renderer main thread, thread time in ms: the work of every image the page no longer holds, done at once.
 * @param {{ name: string, ph: string, pid: number, tid: number, tdur?: number, dur?: number, args?: { name?: string } }[]} events
 */
function blinkWeakCallbacks(events) {
  /** @type {Map<string, number>} */
  const busy = new Map();
  for (const event of events)
    if (event.name === 'RunTask')
      busy.set(`${event.pid}:${event.tid}`, (busy.get(`${event.pid}:${event.tid}`) ?? 0) + (event.tdur ?? 0));
  const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
  const times = events
    .filter(
      (event) => event.name === 'CppGC.CustomCallbacksProcessing' && `${event.pid}:${event.tid}` === main,
    )
    .map((event) => (event.tdur ?? event.dur ?? 0) / 1000);
  return { total: times.reduce((sum, ms) => sum + ms, 0), longest: Math.max(0, ...times) };
}

/**
 * Bytes allocated by function ("name file:line") of a sampling heap profile's tree (its nodes' self sizes), most
 * first.
 * @param {{ callFrame: { functionName: string, url: string, lineNumber: number }, selfSize: number, children: any[] }} head
 * @returns {[string, number][]}
 */
function allocatedBy(head) {
  /** @type {Map<string, number>} */
  const bytes = new Map();
  const visit = (/** @type {typeof head} */ node) => {
    const { functionName, url, lineNumber } = node.callFrame;
    const name = `${functionName || '(anonymous)'} ${url.split('/').pop()}:${lineNumber + 1}`;
    bytes.set(name, (bytes.get(name) ?? 0) + node.selfSize);
    node.children.forEach(visit);
  };
  visit(head);
  return [...bytes].sort((a, b) => b[1] - a[1]);
}

/**
 * Self time by function ("name file:line") of a CDP profile, most first: each sample's interval to the next is
 * given to the node it landed in.
 * @param {{ nodes: { id: number, callFrame: { functionName: string, url: string, lineNumber: number } }[], samples?: number[], timeDeltas?: number[] }} profile
 * @returns {[string, number][]}
 */
function selfTimes(profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  /** @type {Map<string, number>} */
  const times = new Map();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let index = 0; index < samples.length; index++) {
    const frame = byId.get(samples[index])?.callFrame;
    if (!frame) continue;
    const file = frame.url.split('/').pop() || '';
    const name = `${frame.functionName || '(anonymous)'} ${file}${file ? `:${frame.lineNumber + 1}` : ''}`;
    times.set(name, (times.get(name) ?? 0) + (deltas[index + 1] ?? 0) / 1000);
  }
  return [...times].sort((a, b) => b[1] - a[1]);
}

const watchdog = setTimeout(async () => {
  console.error(`phone-gallery: gave up after ${WATCHDOG_MS / 1000} s`);
  await Promise.race([cleanUp(cleanups), sleep(15_000)]);
  process.exit(1);
}, WATCHDOG_MS);

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  console.error(`phone-gallery failed: ${error.stack ?? error}`);
} finally {
  await Promise.race([cleanUp(cleanups), sleep(20_000)]);
  clearTimeout(watchdog);
}
process.exit(exitCode);
