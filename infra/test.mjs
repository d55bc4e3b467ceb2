// `npm test`: install if needed, build, lint, make sure Chromium (browser tests), kubectl (the Kubernetes
// manifests' tests), exiftool (the media service) and poppler-utils (the table cards' test) are there, start the product the browser tests share
// (shared-product.mjs), then run Jest (arguments after `npm test --` are passed to it), stop that product and
// exit with Jest's code. All of it on the images' Node (product-node.mjs): run on an older one, it runs itself
// again on that one.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  aptInstall,
  build,
  checkNode,
  ensureDependencies,
  ensureExiftool,
  fail,
  isExecutable,
  onPath,
  run,
  runNpm,
} from './prepare.mjs';
import { printPrefixed } from './product.mjs';
import { runOnProductNode } from './product-node.mjs';
import { SHARED_PRODUCT_VARIABLE, startSharedProduct } from './shared-product.mjs';

const DEFAULT_CHROMIUM = '/usr/bin/chromium';
const say = (line) => printPrefixed('test', line);

async function ensureChromium() {
  const given = process.env.CHROMIUM_PATH;
  if (given) {
    if (!isExecutable(given))
      fail('test', `CHROMIUM_PATH=${given} is not an executable: point it at a Chromium or Chrome binary`);
    return given;
  }
  if (isExecutable(DEFAULT_CHROMIUM)) return DEFAULT_CHROMIUM;
  const hint =
    'Chromium is needed for the browser tests: install it (Debian/Ubuntu: apt-get install chromium) or set CHROMIUM_PATH to a Chromium or Chrome binary';
  if (process.getuid?.() !== 0 || !isExecutable('/usr/bin/apt-get')) fail('test', hint);
  say('Chromium not found: installing the Debian package chromium...');
  if (!(await aptInstall('chromium')) || !isExecutable(DEFAULT_CHROMIUM))
    fail('test', `${hint} (apt-get install chromium failed)`);
  return DEFAULT_CHROMIUM;
}

/**
 * kubectl, whose kustomize builds deploy/kubernetes for its tests: KUBECTL_PATH, else the one on PATH, else
 * Debian's kubernetes-client, installed as Chromium is.
 */
async function ensureKubectl() {
  const given = process.env.KUBECTL_PATH;
  if (given) {
    if (!isExecutable(given)) fail('test', `KUBECTL_PATH=${given} is not an executable: point it at kubectl`);
    return given;
  }
  const found = onPath('kubectl');
  if (found) return found;
  const hint =
    'kubectl is needed to build the Kubernetes manifests in the tests: install it (Debian/Ubuntu: apt-get install kubernetes-client)';
  if (process.getuid?.() !== 0 || !isExecutable('/usr/bin/apt-get')) fail('test', hint);
  say('kubectl not found: installing the Debian package kubernetes-client...');
  if (!(await aptInstall('kubernetes-client')) || !isExecutable('/usr/bin/kubectl'))
    fail('test', `${hint} (apt-get install kubernetes-client failed)`);
  return '/usr/bin/kubectl';
}

/** poppler-utils' pdftotext and pdftoppm, with which the table cards' test reads its PDF back: installed as Chromium is. */
async function ensurePoppler() {
  if (onPath('pdftoppm') && onPath('pdftotext')) return;
  const hint =
    'pdftoppm and pdftotext are needed to read printed table cards back in the tests: install them (Debian/Ubuntu: apt-get install poppler-utils)';
  if (process.getuid?.() !== 0 || !isExecutable('/usr/bin/apt-get')) fail('test', hint);
  say('pdftoppm not found: installing the Debian package poppler-utils...');
  if (!(await aptInstall('poppler-utils')) || !onPath('pdftoppm'))
    fail('test', `${hint} (apt-get install poppler-utils failed)`);
}

checkNode('test');
await ensureDependencies('test');
await runOnProductNode(import.meta.url, 'test');
await runSuite();

async function runSuite() {
  await build('test');
  say('Linting...');
  if ((await runNpm(['run', 'lint'])) !== 0)
    fail('test', 'Lint failed (see above); `npm run format` fixes formatting');
  const chromium = await ensureChromium();
  const kubectl = await ensureKubectl();
  await ensureExiftool('test');
  await ensurePoppler();
  say('Starting the product the browser tests share...');
  const shared = await startSharedProduct().catch((error) =>
    fail('test', `The product for the browser tests did not start: ${error.message}`),
  );

  // Jest shares our terminal: a Ctrl-C reaches it directly, and we wait for it to finish and report its code.
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => undefined);
  const resultsFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'jest-results-')), 'results.json');
  const code = await run(
    process.execPath,
    [
      '--experimental-vm-modules',
      'node_modules/jest/bin/jest.js',
      '--ci',
      '--json',
      `--outputFile=${resultsFile}`,
      ...process.argv.slice(2),
    ],
    {
      env: {
        ...process.env,
        CHROMIUM_PATH: chromium,
        KUBECTL_PATH: kubectl,
        [SHARED_PRODUCT_VARIABLE]: shared.value,
      },
    },
  );
  await shared.stop();
  // One plain closing line that any CI reads the same way, whatever the runner prints above it.
  if (existsSync(resultsFile)) {
    const results = JSON.parse(readFileSync(resultsFile, 'utf8'));
    // The slowest files first: where the next minute of `npm test` is to be won.
    const slowest = results.testResults
      .map((file) => ({
        file: path.relative(process.cwd(), file.name),
        seconds: (file.endTime - file.startTime) / 1000,
      }))
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, 10);
    console.log(
      `slowest files: ${slowest.map(({ file, seconds }) => `${file} ${seconds.toFixed(0)} s`).join(', ')}`,
    );
    console.log(`tests: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
  }
  process.exit(code);
}
