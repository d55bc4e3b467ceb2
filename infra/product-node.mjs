// The Node release the product runs on in its images (the Dockerfile's `FROM node:<release>-...`), for what
// measures or tests the product on a developer's machine: `npm test` and the benches run on it, so a figure or a
// test result is that of what runs in production (Node 22's V8 costs the ingest ~10 ms of CPU a photo less than
// Node 20's: docs/decisions.md). Node built-ins only: this runs before `npm install`.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { fail, isExecutable, runNpm } from './prepare.mjs';
import { printPrefixed } from './product.mjs';
import { REPO_ROOT } from './services.mjs';

/** The images' Node release, as major.minor.patch. */
export const PRODUCT_NODE_VERSION = /^FROM node:(\d+\.\d+\.\d+)-/m.exec(
  readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8'),
)?.[1];

/**
 * The binary of PRODUCT_NODE_VERSION when this Node's major is older than its, installed from the npm registry's
 * node-<platform>-<arch> package (the release's binary, published by the Node.js project) into
 * node_modules/.cache; undefined when this Node will do.
 */
export async function productNodeBinary(name) {
  if (!PRODUCT_NODE_VERSION)
    fail(name, 'The Dockerfile names no Node release (FROM node:<major.minor.patch>-...)');
  const major = Number(PRODUCT_NODE_VERSION.split('.')[0]);
  if (Number(process.versions.node.split('.')[0]) >= major) return undefined;
  const pkg = `node-${process.platform}-${process.arch}`;
  const folder = path.join(REPO_ROOT, 'node_modules', '.cache', `node-${PRODUCT_NODE_VERSION}`);
  const binary = path.join(folder, 'node_modules', pkg, 'bin', 'node');
  if (isExecutable(binary)) return binary;
  printPrefixed(
    name,
    `This is Node ${process.versions.node}; the product runs on Node ${PRODUCT_NODE_VERSION}: installing ${pkg}@${PRODUCT_NODE_VERSION} from the npm registry...`,
  );
  const args = ['install', '--no-save', '--no-package-lock', '--no-audit', '--no-fund', '--prefix', folder];
  if ((await runNpm([...args, `${pkg}@${PRODUCT_NODE_VERSION}`])) !== 0 || !isExecutable(binary)) {
    fail(name, `Could not install ${pkg}@${PRODUCT_NODE_VERSION}: install Node ${major} and run this again`);
  }
  return binary;
}

/**
 * Runs the calling script again (`scriptUrl`: its `import.meta.url`) on the product's Node when this one is older,
 * with the same arguments and that Node first on PATH, so every child process (npm, the services, Jest) runs on it
 * too; exits with its code and never resolves then. Resolves at once when this Node will do.
 */
export async function runOnProductNode(scriptUrl, name) {
  const binary = await productNodeBinary(name);
  if (!binary) return;
  const child = spawn(binary, [...process.execArgv, fileURLToPath(scriptUrl), ...process.argv.slice(2)], {
    cwd: process.cwd(),
    stdio: 'inherit',
    env: { ...process.env, PATH: `${path.dirname(binary)}${path.delimiter}${process.env.PATH ?? ''}` },
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  await new Promise(() => {
    child.once('exit', (code, signal) => process.exit(code ?? (signal ? 128 : 1)));
  });
}
