import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import { startEvents, type EventsHarness } from './harness.js';

// A rollout or a scale-up on a fresh database starts several replicas of a service at the same moment: each must
// come up, and the schema must be made once.
describe('events service: three replicas started at once on a fresh database', () => {
  let events: EventsHarness | undefined;

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-replicas-test', replicas: 3, together: true });
  });

  afterAll(() => events?.stop());

  it('brings every replica up healthy', async () => {
    expect(events!.apps).toHaveLength(3);
    for (const app of events!.apps) {
      const health = await request(app.getHttpServer()).get('/health');
      expect(health.status).toBe(200);
    }
  });

  it('runs each migration once', async () => {
    const dataSource = events!.db;
    const rows = (await dataSource.query('SELECT name FROM migrations ORDER BY id')) as { name: string }[];
    const names = rows.map((row) => row.name);
    expect(names).toHaveLength(dataSource.migrations.length);
    expect(new Set(names).size).toBe(names.length);
    expect(new Set(names)).toEqual(new Set(dataSource.migrations.map((migration) => migration.name)));
  });
});
