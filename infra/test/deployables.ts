// What the deployment files (docker-compose.yml, deploy/kubernetes) are checked against, from one source: the
// processes infra/services.mjs starts, the variables their code reads, and the configuration table (docs/configuration.md).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
// @ts-expect-error plain ESM module shared with `npm start`
import * as services from '../services.mjs';

export const root = join(import.meta.dirname, '..', '..');

export interface Deployable {
  name: string;
  /** The workspace its image is built from (the Dockerfile's WORKSPACE). */
  workspace: string;
  port: number;
  nodeArgs: string[];
  /** Its environment as `npm start` gives it (values for this machine; the names are what count). */
  env: Record<string, string>;
}

/** Every process of the product, from infra/services.mjs: a service added there is checked everywhere. */
export const deployables: Deployable[] = (
  services.serviceDefinitions(
    {
      DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/postgres',
      NATS_URL: 'nats://127.0.0.1:4222',
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'key',
      S3_SECRET_ACCESS_KEY: 'secret',
    },
    { env: {}, metricsPorts: services.DEFAULT_METRICS_PORTS },
  ) as { name: string; entry: string; port: number; nodeArgs?: string[]; env: Record<string, string> }[]
).map((definition) => ({
  name: definition.name,
  // services/media/dist/main.js -> services/media
  workspace: relative(root, definition.entry).split('/').slice(0, -2).join('/'),
  port: definition.port,
  nodeArgs: definition.nodeArgs ?? [],
  env: definition.env,
}));

export const SERVICE_DATABASES = services.SERVICE_DATABASES as Record<string, string>;

/** How every image starts its process: the Dockerfile's WORKDIR is the workspace. */
export function commandOf(deployable: Deployable): string[] {
  return ['node', ...deployable.nodeArgs, 'dist/main.js'];
}

const ENV_READ =
  /(?:\benv|\bintEnv)\(\s*'([A-Z0-9_]+)'|process\.env\.([A-Z0-9_]+)|process\.env\[\s*'([A-Z0-9_]+)'\s*\]/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.ts$/.test(name) && !/\.(spec|test)\.ts$/.test(name) ? [path] : [];
  });
}

function envReads(files: string[]): Set<string> {
  const names = new Set<string>();
  for (const file of files) {
    for (const match of readFileSync(file, 'utf8').matchAll(ENV_READ))
      names.add(match[1] ?? match[2] ?? match[3]);
  }
  return names;
}

/** A platform source file and, recursively, the platform files it imports by relative path. */
function withRelativeImports(file: string, found = new Set<string>()): Set<string> {
  if (found.has(file)) return found;
  found.add(file);
  for (const [, path] of readFileSync(file, 'utf8').matchAll(/(?:from|import) '(\.{1,2}\/[^']+)\.js'/g))
    withRelativeImports(join(dirname(file), `${path}.ts`), found);
  return found;
}

/**
 * The platform modules `text` imports for their effect alone (`import '@gallery/platform/telemetry'`, which
 * starts tracing as it loads), with the platform files they import.
 */
function importedForEffect(text: string): string[] {
  const platform = join(root, 'packages', 'platform');
  const { exports } = JSON.parse(readFileSync(join(platform, 'package.json'), 'utf8')) as {
    exports: Record<string, { default: string }>;
  };
  const files = new Set<string>();
  for (const [, subpath] of text.matchAll(/^import '@gallery\/platform\/([\w-]+)';$/gm)) {
    const built = exports[`./${subpath}`].default;
    withRelativeImports(join(platform, built.replace(/^\.\/dist\//, 'src/').replace(/\.js$/, '.ts')), files);
  }
  return [...files];
}

/**
 * The variables a deployable reads: its own sources plus the platform helpers it calls and the platform modules
 * it imports for their effect. PATH is the operating system's, set in every image: it is searched, not configured.
 */
export function variablesReadBy(workspace: string): Set<string> {
  const own = sourceFiles(join(root, workspace, 'src'));
  const ownText = own.map((file) => readFileSync(file, 'utf8')).join('\n');
  const platformFiles = sourceFiles(join(root, 'packages', 'platform', 'src')).filter((file) => {
    const exported = [...readFileSync(file, 'utf8').matchAll(/export (?:async )?function (\w+)/g)].map(
      (m) => m[1],
    );
    return exported.some((name) => new RegExp(`\\b${name}\\(`).test(ownText));
  });
  const names = envReads([...own, ...platformFiles, ...importedForEffect(ownText)]);
  names.delete('PATH');
  return names;
}

/** The variables a deployment may give a deployable: what its code reads, and what `npm start` gives it. */
export function variablesFor(deployable: Deployable): Set<string> {
  return new Set([...variablesReadBy(deployable.workspace), ...Object.keys(deployable.env)]);
}

/** Every variable named in the first column of the configuration table (docs/configuration.md). */
export function documentedVariables(): Set<string> {
  const table = readFileSync(join(root, 'docs', 'configuration.md'), 'utf8');
  const names = new Set<string>();
  for (const row of table.split('\n').filter((line) => line.startsWith('| `'))) {
    for (const match of row.split('|')[1].matchAll(/`([A-Z0-9_]+)/g)) names.add(match[1]);
  }
  return names;
}

/**
 * The path that says whether the deployable can serve, as its code answers it: the gateway's own /health/ready
 * (its subgraphs are not its readiness), or /health of the platform's health module. Undefined when it serves no
 * readiness path, or no /health/live beside it.
 */
export function readinessPathOf(deployable: Deployable): string | undefined {
  const sources = sourceFiles(join(root, deployable.workspace, 'src'))
    .map((file) => readFileSync(file, 'utf8'))
    .join('\n');
  if (sources.includes("'/health/ready'") && sources.includes("'/health/live'")) return '/health/ready';
  // ServiceModule brings the HealthModule to every service built on it.
  return /\b(HealthModule|ServiceModule)\b/.test(sources) ? '/health' : undefined;
}
