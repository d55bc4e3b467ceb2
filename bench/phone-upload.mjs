// @ts-check
// A guest choosing 100 photos at once on a phone: one phone-sized Chromium page (390x844, touch, its CPU
// slowed down with the DevTools protocol) opens a Standard gallery and chooses N distinct 12 MP JPEGs in one go
// through "Upload Photos"; a second page, another phone, watches the same gallery. Prints the time from the
// choice to the last photo visible on the second page (its thumbnail in the grid, loaded), and the uploading
// page's main thread over that time: its longest task and its total blocking time (the sum of each long task
// beyond 50 ms), from a PerformanceObserver of `longtask` entries started before the page's own scripts.
//
//   npm run build && node bench/phone-upload.mjs [--photos=100] [--megapixels=12] [--cpu-slowdown=4]
//     [--profile] [--profile-out=upload.cpuprofile] [--trace] [--trace-out=trace.json] [--screenshots=DIR]
//
// --profile: V8's CPU profile of the uploading page over the upload (DevTools protocol), and the functions that
// took the most of its main thread, by self time: where a long task comes from. --profile-out: the same, and the
// profile written to that file (DevTools opens it; with `vite build --sourcemap` its frames read as the sources).
// --trace: Chromium's trace of the uploading page (devtools.timeline) over the upload, and what its tasks over
// 50 ms spent their time on, by the browser's own names (script, style, layout, paint, hit tests...): what a
// CPU profile does not show; and the main thread's CPU time over every task after the choice, by the same names
// (the trace's thread time: what the work cost, however long the machine's load made it wait), and the tasks whose
// own CPU passed 50 ms, the largest five with their parts. --trace-out: the same, and the trace written to that
// file (Perfetto or DevTools open it).
// --screenshots=DIR: the uploading page's upload panel once the first photo is visible on the other phone, and both
// pages at the end, saved there to be looked at (its own tasks then add to the uploading page's).
// The product runs as npm start runs it (bench/product.mjs); Chromium from CHROMIUM_PATH or /usr/bin/chromium.
import { execFileSync } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { runOnProductNode } from '../infra/product-node.mjs';
import { cleanUp, sleep } from './bench-run.mjs';
import { mediaKnowsStandard, standardGallery } from './gallery-client.mjs';
import { phonePhoto } from './phone-photo.mjs';
import { longTaskParts, longTasksLine, PHONE, watchLongTasks } from './phone-page.mjs';
import { startBenchProduct } from './product.mjs';
import { describeStorage } from './storage.mjs';

// The product's code on the images' Node, as it runs in production (infra/product-node.mjs).
await runOnProductNode(import.meta.url, 'bench');

function option(name, fallback) {
  const flag = process.argv.slice(2).find((arg) => arg.startsWith(`--${name}=`));
  if (!flag) return fallback;
  const value = Number(flag.slice(name.length + 3));
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const PHOTOS = option('photos', 100);
const MEGAPIXELS = option('megapixels', 12);
// Lighthouse's mobile setting: a mid-range phone's CPU against a desktop's.
const CPU_SLOWDOWN = option('cpu-slowdown', 4);
const PROFILE_OUT = process.argv
  .find((arg) => arg.startsWith('--profile-out='))
  ?.slice('--profile-out='.length);
const PROFILE = process.argv.includes('--profile') || Boolean(PROFILE_OUT);
const TRACE_OUT = process.argv.find((arg) => arg.startsWith('--trace-out='))?.slice('--trace-out='.length);
const TRACE = process.argv.includes('--trace') || Boolean(TRACE_OUT);
const SCREENSHOTS = process.argv
  .find((arg) => arg.startsWith('--screenshots='))
  ?.slice('--screenshots='.length);
const CHOSEN_MARK = 'phone-upload: chosen';
const WATCHDOG_MS = 30 * 60_000;

/** @type {(() => Promise<unknown>)[]} */
const cleanups = [];

/** Records when each photo's tile appears in the grid and when its thumbnail has loaded (epoch ms). */
function watchGrid() {
  window.__seen = new Map();
  window.__loaded = new Map();
  const look = () => {
    for (const img of document.querySelectorAll(/** @type {'img'} */ ('.photo-grid [data-photo-id]'))) {
      const id = img.getAttribute('data-photo-id');
      if (!window.__seen.has(id)) window.__seen.set(id, Date.now());
      if (!window.__loaded.has(id) && img.complete && img.naturalWidth > 0)
        window.__loaded.set(id, Date.now());
      if (!window.__loaded.has(id) && !img.__watched) {
        img.__watched = true;
        img.addEventListener('load', () => window.__loaded.has(id) || window.__loaded.set(id, Date.now()));
      }
    }
  };
  new window.MutationObserver(look).observe(document.body, { childList: true, subtree: true });
  look();
}

/** The functions that took the most self time in a V8 CPU profile, with their share. */
function topFunctions(profile, count) {
  const self = new Map();
  const ids = new Map(profile.nodes.map((node) => [node.id, node]));
  const intervals = profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = ids.get(profile.samples[i]);
    const frame = node.callFrame;
    const key =
      `${frame.functionName || '(anonymous)'} ${frame.url ? `${path.basename(frame.url)}:${frame.lineNumber + 1}` : ''}`.trim();
    self.set(key, (self.get(key) ?? 0) + (intervals[i] ?? 0) / 1000);
  }
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  return {
    total,
    top: [...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(([name, ms]) => ({ name, ms })),
  };
}

async function run() {
  const { product, s3, dataDir } = await startBenchProduct('phone-upload', cleanups, {
    gatewayEnv: { TRUST_PROXY: 'loopback' },
  });
  console.log(`phone-upload: making ${PHOTOS} distinct ${MEGAPIXELS} MP photos...`);
  const files = [];
  for (let i = 0; i < PHOTOS; i += 2) {
    const made = await Promise.all(
      Array.from({ length: Math.min(2, PHOTOS - i) }, async (_, j) => {
        const file = path.join(dataDir, `IMG_${String(1000 + i + j)}.JPG`);
        await writeFile(file, await phonePhoto(MEGAPIXELS));
        return file;
      }),
    );
    files.push(...made);
  }
  const { code } = await standardGallery(product.url);
  await mediaKnowsStandard(product.url, code);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  cleanups.push(() => browser.close());
  const galleryUrl = `${product.url}/gallery/${code}`;

  const watcher = await (await browser.newContext(PHONE)).newPage();
  await watcher.addInitScript(watchGrid);
  await watcher.goto(galleryUrl);
  await watcher.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
  await watcher.evaluate(watchGrid);

  const uploader = await (await browser.newContext(PHONE)).newPage();
  await uploader.addInitScript(watchLongTasks);
  const cdp = await uploader.context().newCDPSession(uploader);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await uploader.goto(galleryUrl);
  await uploader.getByRole('heading', { name: 'Sarah & Mike' }).waitFor();
  // Settled: the page's own start-up tasks are not the upload's.
  await sleep(2000);
  if (TRACE)
    await browser.startTracing(uploader, {
      categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8'],
    });
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 1000 });
    await cdp.send('Profiler.start');
  }

  const load = os
    .loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  const chooser = uploader.waitForEvent('filechooser');
  await uploader.getByRole('button', { name: 'Upload Photos' }).click();
  const chosen = await chooser;
  const chosenAt = Date.now();
  // Marks the choice in the trace too (a TimeStamp event): the tasks before it are not the upload's.
  const chosenAtPage = await uploader.evaluate((mark) => {
    console.timeStamp(mark);
    return performance.now();
  }, CHOSEN_MARK);
  await chosen.setFiles(files);
  if (SCREENSHOTS) {
    await mkdir(SCREENSHOTS, { recursive: true });
    await watcher.waitForFunction(() => window.__loaded.size >= 1, null, {
      timeout: WATCHDOG_MS,
      polling: 100,
    });
    await uploader
      .getByTestId('upload-panel')
      .screenshot({ path: path.join(SCREENSHOTS, 'uploading-panel.png') });
  }

  await watcher.waitForFunction((count) => window.__loaded.size >= count, PHOTOS, {
    timeout: WATCHDOG_MS,
    polling: 100,
  });
  const { seen, loaded } = await watcher.evaluate(() => ({
    seen: [...window.__seen.values()],
    loaded: [...window.__loaded.values()],
  }));
  const lastVisible = Math.max(...loaded);
  const firstVisible = Math.min(...loaded);
  const lastInGrid = Math.max(...seen);
  const tasks = (await uploader.evaluate(() => window.__longTasks)).filter(
    (task) => task.start + task.duration >= chosenAtPage,
  );
  if (SCREENSHOTS) {
    await uploader.screenshot({ path: path.join(SCREENSHOTS, 'uploader-end.png'), fullPage: true });
    await watcher.screenshot({ path: path.join(SCREENSHOTS, 'watcher-end.png'), fullPage: true });
  }
  let profile;
  if (PROFILE) profile = (await cdp.send('Profiler.stop')).profile;
  const trace = TRACE ? JSON.parse((await browser.stopTracing()).toString()) : null;

  const megabytes = (files.length * (await import('node:fs')).statSync(files[0]).size) / 1e6;
  console.log(
    `phone-upload: ${PHOTOS} photos of ${MEGAPIXELS} MP (${megabytes.toFixed(0)} MB in all), chosen at once on a ${PHONE.viewport.width}x${PHONE.viewport.height} page, CPU slowed ${CPU_SLOWDOWN}x`,
  );
  console.log(
    `  machine: nproc ${execFileSync('nproc').toString().trim()}, ${os.cpus()[0]?.model}, Node ${process.version}; ${describeStorage(s3)}; load average before: ${load}, after: ${os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `  chosen -> first visible on the other phone ${((firstVisible - chosenAt) / 1000).toFixed(1)} s, last in its grid ${((lastInGrid - chosenAt) / 1000).toFixed(1)} s, last visible (thumbnail loaded) ${((lastVisible - chosenAt) / 1000).toFixed(1)} s`,
  );
  console.log(`  uploading page's main thread from the choice to the last photo: ${longTasksLine(tasks)}`);
  if (trace) {
    const {
      count,
      total,
      parts,
      longest: longestTasks,
      cpu,
    } = longTaskParts(trace.traceEvents ?? trace, CHOSEN_MARK);
    console.log(
      `  trace: ${count} tasks over 50 ms on the page's main thread, ${total.toFixed(0)} ms in all, spent on:`,
    );
    for (const { name, ms } of parts) console.log(`    ${ms.toFixed(0).padStart(7)} ms  ${name}`);
    console.log(
      `  the page's main thread CPU from the choice on (thread time, every task): ${cpu.total.toFixed(0)} ms; ${cpu.parts
        .map(({ name, ms }) => `${name} ${ms.toFixed(0)}`)
        .join(', ')} ms`,
    );
    console.log(
      `  tasks over 50 ms of the page's own CPU (thread time): ${cpu.over50}; the largest (seconds after the choice: largest parts):`,
    );
    for (const task of cpu.largest) {
      const inside = task.parts.map(({ name, ms }) => `${name} ${ms.toFixed(0)} ms`).join(', ');
      console.log(`    ${task.ms.toFixed(0).padStart(7)} ms  at ${task.at.toFixed(1)} s: ${inside}`);
    }
    if (TRACE_OUT) await writeFile(TRACE_OUT, JSON.stringify(trace));
    console.log('  the longest tasks in the trace (seconds after the choice: largest parts):');
    for (const task of longestTasks) {
      const inside = task.parts.map(({ name, ms }) => `${name} ${ms.toFixed(0)} ms`).join(', ');
      console.log(`    ${task.ms.toFixed(0).padStart(7)} ms  at ${task.at.toFixed(1)} s: ${inside}`);
    }
  }
  if (profile && PROFILE_OUT) await writeFile(PROFILE_OUT, JSON.stringify(profile));
  if (profile) {
    const { total, top } = topFunctions(profile, 15);
    console.log(`  profile of the uploading page (${(total / 1000).toFixed(1)} s sampled), by self time:`);
    for (const { name, ms } of top) console.log(`    ${ms.toFixed(0).padStart(7)} ms  ${name}`);
  }
  return 0;
}

const watchdog = setTimeout(async () => {
  console.error(`phone-upload: gave up after ${WATCHDOG_MS / 1000} s`);
  await Promise.race([cleanUp(cleanups), sleep(15_000)]);
  process.exit(1);
}, WATCHDOG_MS);

let exitCode = 1;
try {
  exitCode = await run();
} catch (error) {
  console.error(`phone-upload failed: ${error.stack ?? error}`);
} finally {
  await Promise.race([cleanUp(cleanups), sleep(20_000)]);
  clearTimeout(watchdog);
}
process.exit(exitCode);
