// What one deployable's image holds of node_modules: its own production dependencies and those of the workspaces
// it uses (@gallery/contracts, @gallery/platform), resolved through package-lock.json as Node resolves them, and
// nothing else. `npm prune --omit=dev` at the root keeps every workspace's dependencies (a workspace is a root to
// npm, so the embedded PostgreSQL, maildev, s3rver and testcontainers of the test workspaces, the web app's React
// and the media service's ffmpeg would ride in every image), and `npm ci --workspace` installs them all too.
//
//   node infra/image-dependencies.mjs services/media           prints what the image keeps, one path a line
//   node infra/image-dependencies.mjs services/media --prune   removes everything else (the Dockerfile runs this)
import { existsSync, readdirSync, readFileSync, rmdirSync, rmSync } from 'node:fs';
import path from 'node:path';

/** The lock file's entries: path ("node_modules/a/node_modules/b", "services/media") to what npm recorded. */
export function readLock(root) {
  return JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')).packages;
}

/** Where Node finds `name` from a package at `from`: its own node_modules, then each parent's, then the root's. */
function resolve(lock, from, name) {
  let at = from;
  for (;;) {
    const candidate = at ? `${at}/node_modules/${name}` : `node_modules/${name}`;
    if (lock[candidate]) return candidate;
    if (!at) return undefined;
    const parent = at.lastIndexOf('/node_modules/');
    at = parent < 0 ? '' : at.slice(0, parent);
  }
}

/**
 * Every lock path the workspace needs at run time, the workspace itself and the workspaces it uses included.
 * Development dependencies are followed for no package; optional ones and peers where the lock has them.
 */
export function imageDependencies(lock, workspace) {
  if (!lock[workspace]) throw new Error(`${workspace} is not a workspace of package-lock.json`);
  const kept = new Set();
  const pending = [workspace];
  while (pending.length > 0) {
    const at = pending.pop();
    if (kept.has(at)) continue;
    kept.add(at);
    const entry = lock[at];
    // A workspace is linked into node_modules/@gallery/...: its dependencies resolve from its own folder.
    if (entry.link) {
      pending.push(entry.resolved);
      continue;
    }
    const optionalPeers = new Set(
      Object.entries(entry.peerDependenciesMeta ?? {})
        .filter(([, meta]) => meta.optional)
        .map(([name]) => name),
    );
    const names = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((name) => !optionalPeers.has(name)),
    ];
    for (const name of names) {
      const found = resolve(lock, at, name);
      if (found) pending.push(found);
      else if (entry.dependencies?.[name] && !entry.optionalDependencies?.[name]) {
        throw new Error(`${at} needs ${name}, which package-lock.json does not hold`);
      }
    }
  }
  return kept;
}

/**
 * Removes from `root` every installed package (and workspace link) of the lock file that the workspace's image does
 * not need. Workspace folders stay: the gateway serves web/dist from one.
 */
export function pruneTo(root, workspace) {
  const lock = readLock(root);
  const kept = imageDependencies(lock, workspace);
  const keptPaths = [...kept];
  let removed = 0;
  for (const at of Object.keys(lock)) {
    if (!at.includes('node_modules/') || kept.has(at)) continue;
    // A folder that holds something kept (a package nested in it) stays.
    if (keptPaths.some((path) => path.startsWith(`${at}/`))) continue;
    const target = path.join(root, at);
    if (!existsSync(target)) continue;
    rmSync(target, { recursive: true, force: true });
    removed += 1;
    // A scope folder (node_modules/@maildev) left empty goes too.
    const scope = path.dirname(target);
    if (path.basename(scope).startsWith('@') && readdirSync(scope).length === 0) rmdirSync(scope);
  }
  return { kept: kept.size, removed };
}

if (process.argv[1] && import.meta.url === new URL(process.argv[1], 'file:').href) {
  const [workspace, flag] = process.argv.slice(2);
  if (!workspace) {
    console.error('usage: node infra/image-dependencies.mjs <workspace> [--prune]');
    process.exit(2);
  }
  const root = path.join(import.meta.dirname, '..');
  if (flag === '--prune') {
    const { kept, removed } = pruneTo(root, workspace);
    console.log(`${workspace}: kept ${kept} packages, removed ${removed}`);
  } else {
    for (const at of [...imageDependencies(readLock(root), workspace)].sort()) console.log(at);
  }
}
