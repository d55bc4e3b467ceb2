import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startTestNats, startTestPostgres, type TestNats, type TestPostgres } from '@gallery/testing';
import { createApp } from '../src/create-app.js';
import { EventsConfig } from '../src/config/events-config.js';

// A rollout or a scale-up on a fresh database starts several replicas of a service at the same moment: each must
// come up, and the schema must be made once.
describe('events service: three replicas started at once on a fresh database', () => {
  let postgres: TestPostgres | undefined;
  let nats: TestNats | undefined;
  let replicas: INestApplication[] = [];

  beforeAll(async () => {
    [postgres, nats] = await Promise.all([startTestPostgres(), startTestNats()]);
    const config = new EventsConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: await postgres.createDatabase(),
      natsUrl: nats.url,
      publicUrl: 'https://gallery.test',
      mail: null,
    });
    const started = await Promise.allSettled(
      [1, 2, 3].map(() => createApp(config, { logger: ['error', 'warn'] })),
    );
    replicas = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
    const failures = started.flatMap((result) => (result.status === 'rejected' ? [result.reason] : []));
    expect(failures).toEqual([]);
  });

  afterAll(async () => {
    await Promise.all(replicas.map((app) => app.close()));
    await nats?.stop();
    await postgres?.stop();
  });

  it('brings every replica up healthy', async () => {
    expect(replicas).toHaveLength(3);
    for (const app of replicas) {
      const health = await request(app.getHttpServer()).get('/health');
      expect(health.status).toBe(200);
    }
  });

  it('runs each migration once', async () => {
    const dataSource = replicas[0].get(DataSource);
    const rows = (await dataSource.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[];
    const names = rows.map((row) => row.name);
    expect(names).toHaveLength(dataSource.migrations.length);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names)).toEqual(new Set(dataSource.migrations.map((migration) => migration.name)));
  });
});
