// What `npm start` and `npm test` do before anything else on a fresh clone: check Node, install, build.
// Node built-ins only: this runs before `npm install`.
import { spawn } from 'node:child_process';
import { accessSync, constants, statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from './services.mjs';
import { printPrefixed } from './product.mjs';

const MINIMUM_NODE = [20, 19];

/** Prints one clear line and exits with code 1. */
export function fail(name, message) {
  printPrefixed(name, message);
  process.exit(1);
}

/** Runs a command with our terminal, resolving to its exit code. */
export function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: REPO_ROOT, stdio: 'inherit', ...options });
    child.once('error', () => resolve(127));
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** npm itself: the one running us under `npm start`/`npm test`, else the one on PATH. */
export function runNpm(args) {
  const npmCli = process.env.npm_execpath;
  return npmCli && /npm-cli\.[cm]?js$/.test(npmCli)
    ? run(process.execPath, [npmCli, ...args])
    : run('npm', args);
}

export function checkNode(name) {
  const [major, minor] = process.versions.node.split('.').map(Number);
  if (major < MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor < MINIMUM_NODE[1])) {
    fail(
      name,
      `Node ${process.versions.node} is too old: install Node ${MINIMUM_NODE.join('.')} or newer (https://nodejs.org)`,
    );
  }
}

function modifiedAt(file) {
  try {
    return statSync(path.join(REPO_ROOT, file)).mtimeMs;
  } catch {
    return undefined;
  }
}

/** Installs when node_modules is missing or older than package-lock.json. */
export async function ensureDependencies(name) {
  // npm writes node_modules/.package-lock.json at the end of every install.
  const installed = modifiedAt('node_modules/.package-lock.json');
  const locked = modifiedAt('package-lock.json');
  if (installed !== undefined && (locked === undefined || locked <= installed)) return;
  printPrefixed(
    name,
    installed === undefined ? 'Installing dependencies...' : 'package-lock.json changed: installing...',
  );
  const code = await runNpm(['install', '--no-audit', '--no-fund']);
  if (code === 127) fail(name, 'npm was not found: install Node.js with npm (https://nodejs.org)');
  if (code !== 0) fail(name, `npm install failed (exit code ${code}); see above`);
  // An install that changed nothing may leave the marker older than a freshly checked-out lock file.
  const now = new Date();
  try {
    utimesSync(path.join(REPO_ROOT, 'node_modules/.package-lock.json'), now, now);
  } catch {
    // no dependencies at all
  }
}

export async function build(name) {
  printPrefixed(name, 'Building...');
  const code = await runNpm(['run', 'build']);
  if (code !== 0) fail(name, `The build failed (exit code ${code}); see above`);
}

export function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** A program on PATH, or undefined. */
export function onPath(program) {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter(Boolean)
    .map((dir) => path.join(dir, program))
    .find(isExecutable);
}

/** apt-get install of one Debian package, waiting for another install to finish first; whether it worked. */
export async function aptInstall(name) {
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const lockWait = ['-o', 'DPkg::Lock::Timeout=300'];
  return (
    (await run('apt-get', [...lockWait, 'update'], { env })) === 0 &&
    (await run('apt-get', [...lockWait, 'install', '-y', name], { env })) === 0
  );
}

/**
 * exiftool, with which the media service strips location, serial numbers and names from the copies guests fetch
 * (it does not start without it): the one on PATH, else Debian's libimage-exiftool-perl, installed when we run
 * as root on Debian; otherwise one line saying what to install.
 */
export async function ensureExiftool(name) {
  if (onPath('exiftool')) return;
  const hint =
    'exiftool is needed by the media service (it strips GPS and serial numbers from what guests fetch): install it (Debian/Ubuntu: apt-get install libimage-exiftool-perl; macOS: brew install exiftool)';
  if (process.getuid?.() !== 0 || !isExecutable('/usr/bin/apt-get')) fail(name, hint);
  printPrefixed(name, 'exiftool not found: installing the Debian package libimage-exiftool-perl...');
  if (!(await aptInstall('libimage-exiftool-perl')) || !onPath('exiftool')) {
    fail(name, `${hint} (apt-get install libimage-exiftool-perl failed)`);
  }
}
