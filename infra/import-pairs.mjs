// `npm run import-pairs`: the pairs of folders that import each other, per package. A package's folders are the
// first level of its src/, the files directly in src/ (web/src/App.tsx, storage.ts) together as one more; two of
// them make a pair when each has a file with a relative import of the other's. Tests count: a spec file is part of
// its folder. Layers that point one way have none. `--list` prints the imports behind each pair; `--check` (run by
// `npm run lint`) fails on any pair ALLOWED_PAIRS does not explain.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import ts from 'typescript';
import { REPO_ROOT } from './services.mjs';

const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;
/** The files directly in src/, taken together as one folder. */
const ROOT = '(src files)';
/** The package's entry file, which re-exports its folders (a layer of its own, above every folder). */
const ENTRY = '(src/index.ts)';

/**
 * Pairs that may stay, each with the reason why it is right: "package: folder <-> folder" (folders in the order
 * the report prints them) -> why. None: every package's folders point one way.
 */
export const ALLOWED_PAIRS = {};

/** Every workspace's src/ folder, as package.json lists the workspaces. */
export function packageSources() {
  const { workspaces } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  return workspaces
    .map((workspace) => path.join(workspace, 'src'))
    .filter((src) => existsSync(path.join(REPO_ROOT, src)));
}

function filesUnder(folder) {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : filesUnder(full);
    return SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** The file a relative specifier names: `./x.js` is x.ts or x.tsx in the source, `./x` may be x/index.ts. */
function resolve(fromFile, specifier) {
  const base = path.resolve(path.dirname(fromFile), specifier);
  const stem = base.replace(/\.(js|jsx|mjs|ts|tsx)$/, '');
  const candidates = [base, ...['.ts', '.tsx', '.mts', '.js', '.mjs', '.jsx'].map((ext) => stem + ext)];
  candidates.push(...['index.ts', 'index.tsx', 'index.js'].map((index) => path.join(base, index)));
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? base;
}

/**
 * The first-level folder (or root file) of src that holds `file`, or undefined outside src; `importing`: the
 * file's own imports are asked about.
 */
function folderOf(src, file, importing = false) {
  const relative = path.relative(src, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  // The package's entry (src/index.ts) re-exports every folder: what it imports, it imports from above them all.
  if (importing && (relative === 'index.ts' || relative === 'index.tsx')) return ENTRY;
  return parts.length === 1 ? ROOT : parts[0];
}

/**
 * The folders of `srcRelative` (from the repository's root, `web/src`) each folder imports: "from\u0000to" -> the
 * imports behind it ("file -> specifier").
 */
export function folderImports(srcRelative) {
  const src = path.resolve(REPO_ROOT, srcRelative);
  const edges = new Map();
  for (const file of filesUnder(src)) {
    const from = folderOf(src, file, true);
    const { importedFiles } = ts.preProcessFile(readFileSync(file, 'utf8'), true, true);
    for (const { fileName } of importedFiles) {
      if (!fileName.startsWith('.')) continue;
      const to = folderOf(src, resolve(file, fileName));
      if (to === undefined || to === from) continue;
      const key = `${from}\u0000${to}`;
      if (!edges.has(key)) edges.set(key, []);
      edges.get(key).push(`${path.relative(src, file)} -> ${fileName}`);
    }
  }
  return edges;
}

/** The pairs of folders of `srcRelative` that import each other, with the imports behind each. */
export function importPairs(srcRelative) {
  const edges = folderImports(srcRelative);
  const pairs = [];
  for (const key of edges.keys()) {
    const [from, to] = key.split('\u0000');
    if (from < to && edges.has(`${to}\u0000${from}`)) {
      pairs.push({ pair: [from, to], imports: [...edges.get(key), ...edges.get(`${to}\u0000${from}`)] });
    }
  }
  return pairs.sort((a, b) => a.pair.join('/').localeCompare(b.pair.join('/')));
}

/** The pairs of `sources` (src folders) that ALLOWED_PAIRS (or `allowed`) does not explain, as "package: a <-> b". */
export function unexplainedPairs(sources, allowed = ALLOWED_PAIRS) {
  return sources.flatMap((src) =>
    importPairs(src)
      .map(({ pair }) => `${path.dirname(src)}: ${pair[0]} <-> ${pair[1]}`)
      .filter((name) => !(name in allowed)),
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href && process.argv.includes('--check')) {
  const unexplained = unexplainedPairs(packageSources());
  for (const name of unexplained) console.error(`folders importing each other: ${name}`);
  if (unexplained.length > 0) {
    console.error(
      'Move the shared piece to the lower folder (`npm run import-pairs -- --list` shows the imports).',
    );
    process.exit(1);
  }
} else if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  let total = 0;
  for (const src of packageSources()) {
    const pairs = importPairs(src);
    total += pairs.length;
    if (pairs.length === 0) continue;
    console.log(`${path.dirname(src)}: ${pairs.length}`);
    for (const { pair, imports } of pairs) {
      console.log(`  ${pair[0]} <-> ${pair[1]}`);
      if (process.argv.includes('--list')) for (const line of imports) console.log(`      ${line}`);
    }
  }
  console.log(`total: ${total}`);
}
