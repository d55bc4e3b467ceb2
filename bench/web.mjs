// @ts-check
// The home page's first load: the JavaScript it needs before the first render (the entry script and every
// module it preloads, gzip as a server sends it), and the time from navigation to the first render in Chromium.
//
//   npm run build && node bench/web.mjs [--runs=7]
//
// The built app (web/dist) is served by a small static server in this process over loopback, so the time is the
// browser's work (parse, run, render), not a network's. Lazy chunks (pages, the GraphQL client) are not counted:
// the home page does not ask for them before its first render.
import { readFile } from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const DIST = path.join(ROOT, 'web', 'dist');
const runsFlag = process.argv.slice(2).find((arg) => arg.startsWith('--runs='));
const RUNS = runsFlag ? Number(runsFlag.slice(7)) : 7;
const TYPES = { '.js': 'text/javascript', '.css': 'text/css', '.html': 'text/html', '.svg': 'image/svg+xml' };

const html = await readFile(path.join(DIST, 'index.html'), 'utf8');
const scripts = [
  ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
].map((match) => match[1]);
let totalRaw = 0;
let totalGzip = 0;
const rows = [];
for (const src of scripts) {
  const body = await readFile(path.join(DIST, src));
  const gzip = gzipSync(body, { level: 9 }).length;
  totalRaw += body.length;
  totalGzip += gzip;
  rows.push({ file: src, kB: (body.length / 1024).toFixed(1), gzipKB: (gzip / 1024).toFixed(1) });
}
const css = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]);
let cssGzip = 0;
for (const href of css) cssGzip += gzipSync(await readFile(path.join(DIST, href)), { level: 9 }).length;

const server = http.createServer(async (request, response) => {
  const url = new URL(request.url ?? '/', 'http://localhost');
  const file = url.pathname.startsWith('/assets/')
    ? path.join(DIST, url.pathname)
    : path.join(DIST, 'index.html');
  try {
    const body = await readFile(file);
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    response.end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
const origin = `http://127.0.0.1:${/** @type {import('node:net').AddressInfo} */ (server.address()).port}`;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const firstRender = [];
const firstPaint = [];
/** Every script the home page fetched before its heading rendered, lazy page chunks included. */
const fetchedBeforeRender = new Set();
try {
  for (let run = 0; run < RUNS + 1; run++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    const fetched = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.endsWith('.js')) fetched.push(pathname);
    });
    await page.goto(`${origin}/`);
    await page.locator('h1').first().waitFor();
    if (run === 0) fetched.forEach((file) => fetchedBeforeRender.add(file));
    const timing = await page.evaluate(
      () =>
        new Promise((resolve) => {
          // The first render is the first frame in which the home page's heading exists.
          globalThis.requestAnimationFrame(() => {
            const fcp = performance.getEntriesByName('first-contentful-paint')[0];
            resolve({ rendered: performance.now(), fcp: fcp ? fcp.startTime : null });
          });
        }),
    );
    await context.close();
    if (run === 0) continue; // warm-up: the disk cache of this process
    firstRender.push(timing.rendered);
    if (timing.fcp !== null) firstPaint.push(timing.fcp);
  }
} finally {
  await browser.close();
  server.close();
}

let fetchedGzip = 0;
for (const file of fetchedBeforeRender)
  fetchedGzip += gzipSync(await readFile(path.join(DIST, file)), { level: 9 }).length;

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};
console.table(rows);
console.log(
  `initial JavaScript: ${(totalRaw / 1024).toFixed(1)} kB, gzip ${(totalGzip / 1024).toFixed(1)} kB (goal < 150 kB)`,
);
console.log(
  `JavaScript fetched before the first render (entry, preloads and the lazy home page): ${fetchedBeforeRender.size} files, gzip ${(fetchedGzip / 1024).toFixed(1)} kB`,
);
console.log(`initial CSS gzip: ${(cssGzip / 1024).toFixed(1)} kB`);
console.log(
  `home page, ${RUNS} runs, median: first contentful paint ${median(firstPaint).toFixed(0)} ms, heading rendered ${median(firstRender).toFixed(0)} ms after navigation start`,
);
console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}`,
);
