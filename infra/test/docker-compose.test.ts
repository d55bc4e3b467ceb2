import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
// @ts-expect-error plain ESM module shared with `npm start`
import * as services from '../services.mjs';

const { DOWNLOAD_NODE_ARGS, GATEWAY_NODE_ARGS, MEDIA_NODE_ARGS, RETURN_FREED_MEMORY_ENV } = services;

// No Docker engine runs on the build machines, so this keeps docker-compose.yml honest against the tree.
const root = join(import.meta.dirname, '..', '..');
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    {
      build?: { context: string; dockerfile?: string; args?: { WORKSPACE?: string } };
      environment?: Record<string, string>;
      command?: string[];
    }
  >;
};

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

/** The variables a deployable reads: its own sources plus the platform helpers it calls. */
function variablesReadBy(workspace: string): Set<string> {
  const own = sourceFiles(join(root, workspace, 'src'));
  const ownText = own.map((file) => readFileSync(file, 'utf8')).join('\n');
  const platformFiles = sourceFiles(join(root, 'packages', 'platform', 'src')).filter((file) => {
    const exported = [...readFileSync(file, 'utf8').matchAll(/export (?:async )?function (\w+)/g)].map(
      (m) => m[1],
    );
    return exported.some((name) => new RegExp(`\\b${name}\\(`).test(ownText));
  });
  return envReads([...own, ...platformFiles]);
}

const deployables = Object.entries(compose.services).filter(([, service]) => service.build);

describe('docker-compose.yml', () => {
  it('runs the services and the gateway next to PostgreSQL, NATS, MinIO, a mail catcher and Caddy', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'billing',
      'caddy',
      'download',
      'events',
      'gateway',
      'maildev',
      'media',
      'minio',
      'nats',
      'postgres',
    ]);
  });

  it.each(deployables)('%s builds its workspace with the one Dockerfile of the tree', (_name, service) => {
    const { context, dockerfile = 'Dockerfile', args } = service.build!;
    expect(existsSync(join(root, context, dockerfile))).toBe(true);
    expect(existsSync(join(root, args!.WORKSPACE!, 'src', 'main.ts'))).toBe(true);
  });

  it.each(deployables)('%s gets every environment variable its code reads', (_name, service) => {
    const workspace = service.build!.args!.WORKSPACE!;
    const read = [...variablesReadBy(workspace)].sort();
    expect(read.length).toBeGreaterThan(0);
    // PATH is the operating system's, set in every image; it is searched, not configured.
    const missing = read.filter((name) => name !== 'PATH' && !(name in (service.environment ?? {})));
    expect(missing).toEqual([]);
  });

  it('creates the database each service is pointed at', () => {
    const init = readFileSync(join(root, 'infra', 'postgres-init.sql'), 'utf8');
    for (const [, service] of deployables) {
      const database = service.environment?.DATABASE_URL?.split('/').pop();
      if (database) expect(init).toContain(`CREATE DATABASE ${database};`);
    }
  });

  it.each([
    ['download', DOWNLOAD_NODE_ARGS, RETURN_FREED_MEMORY_ENV],
    ['gateway', GATEWAY_NODE_ARGS, RETURN_FREED_MEMORY_ENV],
    ['media', MEDIA_NODE_ARGS, {}],
  ])('runs %s with the Node arguments and environment npm start gives it', (name, nodeArgs, env) => {
    const service = compose.services[name];
    expect(service.command).toEqual(['node', ...nodeArgs, 'dist/main.js']);
    expect(service.environment).toMatchObject(env);
  });
});
