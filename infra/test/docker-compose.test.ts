import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import { parse } from 'yaml';
import {
  commandOf,
  deployables,
  documentedVariables,
  root,
  variablesFor,
  variablesReadBy,
} from './deployables.js';

// No Docker engine runs on the build machines, so this keeps docker-compose.yml honest against the tree.
const compose = parse(readFileSync(join(root, 'docker-compose.yml'), 'utf8')) as {
  services: Record<
    string,
    {
      build?: { context: string; dockerfile?: string; args?: { WORKSPACE?: string } };
      environment?: Record<string, string>;
      command?: string[];
      healthcheck?: { test: string[] };
      depends_on?: Record<string, { condition: string; required?: boolean }>;
      image?: string;
      restart?: string;
    }
  >;
};

const built = Object.entries(compose.services).filter(([, service]) => service.build);

describe('docker-compose.yml', () => {
  it('runs the services and the gateway next to PostgreSQL, NATS, MinIO, a mail catcher and Caddy', () => {
    expect(Object.keys(compose.services).sort()).toEqual([
      'backup',
      'billing',
      'caddy',
      'download',
      'events',
      'faces',
      'gateway',
      'maildev',
      'media',
      'minio',
      'nats',
      'postgres',
    ]);
  });

  it('calls the gateway healthy when it can serve, whatever subgraph is down, and Caddy waits for that', () => {
    const { healthcheck, environment } = compose.services.gateway;
    expect(healthcheck?.test.join(' ')).toContain('http://localhost:5000/health/ready');
    expect(environment?.SUPERGRAPH).toBe('shipped');
    expect(compose.services.caddy.depends_on?.gateway).toEqual({ condition: 'service_healthy' });
  });

  // A tag that moves (latest, 15, 2.10) gives a different server on the next pull than the one tried here.
  it.each(Object.entries(compose.services).filter(([, service]) => service.image))(
    '%s runs an image pinned to one release',
    (_name, service) => {
      // PostgreSQL numbers its releases major.minor (15.10); the others major.minor.patch or a dated release.
      const release = service.image!.startsWith('postgres:')
        ? /:\d+\.\d+(-[a-z]+)?$/
        : /:(\d+\.\d+\.\d+(-[a-z]+)?|RELEASE\.[\dT-]+Z)$/;
      expect(service.image).toMatch(release);
    },
  );

  it.each(built.filter(([name]) => name !== 'gateway'))(
    '%s is healthy once it answers /health on its port, and restarts when it exits',
    (name, service) => {
      const deployable = deployables.find((candidate) => candidate.name === name)!;
      expect(service.healthcheck?.test.join(' ')).toContain(`http://localhost:${deployable.port}/health'`);
      expect(service.restart).toBe('unless-stopped');
    },
  );

  it('starts the gateway once events and media are healthy, and without the others if they never are', () => {
    const dependsOn = compose.services.gateway.depends_on!;
    expect(dependsOn.events).toEqual({ condition: 'service_healthy' });
    expect(dependsOn.media).toEqual({ condition: 'service_healthy' });
    for (const name of ['billing', 'download', 'backup', 'faces'])
      expect(dependsOn[name]).toEqual({ condition: 'service_healthy', required: false });
    expect(compose.services.gateway.restart).toBe('unless-stopped');
  });

  it.each(built)('%s builds its workspace with the one Dockerfile of the tree', (_name, service) => {
    const { context, dockerfile = 'Dockerfile', args } = service.build!;
    expect(existsSync(join(root, context, dockerfile))).toBe(true);
    expect(existsSync(join(root, args!.WORKSPACE!, 'src', 'main.ts'))).toBe(true);
  });

  it.each(built)('%s gets every environment variable its code reads', (_name, service) => {
    const workspace = service.build!.args!.WORKSPACE!;
    const read = [...variablesReadBy(workspace)].sort();
    expect(read.length).toBeGreaterThan(0);
    const missing = read.filter((name) => !(name in (service.environment ?? {})));
    expect(missing).toEqual([]);
  });

  it('creates the database each service is pointed at', () => {
    const init = readFileSync(join(root, 'infra', 'postgres-init.sql'), 'utf8');
    for (const [, service] of built) {
      const database = service.environment?.DATABASE_URL?.split('/').pop();
      if (database) expect(init).toContain(`CREATE DATABASE ${database};`);
    }
  });

  it.each(deployables)(
    'runs $name from its workspace on its port, as npm start runs it (infra/services.mjs)',
    (deployable) => {
      const service = compose.services[deployable.name];
      expect(service?.build?.args?.WORKSPACE).toBe(deployable.workspace);
      expect(service.environment?.PORT).toBe(String(deployable.port));
      // The Dockerfile's CMD is the plain `node dist/main.js`: a service with Node arguments says them.
      expect(service.command ?? commandOf({ ...deployable, nodeArgs: [] })).toEqual(commandOf(deployable));
      expect(service.environment).toMatchObject(
        Object.fromEntries(
          ['NODE_ENV', 'MALLOC_MMAP_THRESHOLD_', 'MALLOC_TRIM_THRESHOLD_', 'MALLOC_ARENA_MAX']
            .filter((name) => name in deployable.env)
            .map((name) => [name, deployable.env[name]]),
        ),
      );
    },
  );

  it.each(deployables)(
    'gives $name only variables its code reads, each in docs/configuration.md',
    (deployable) => {
      const given = Object.keys(compose.services[deployable.name].environment ?? {});
      const allowed = variablesFor(deployable);
      expect(given.filter((name) => !allowed.has(name))).toEqual([]);
      const documented = documentedVariables();
      expect(given.filter((name) => !documented.has(name))).toEqual([]);
    },
  );
});
