import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  DEMO_GALLERY,
  DEMO_GALLERY_CODE,
  demoGalleryDates,
  parseDomainEvent,
  Subjects,
  type DomainEvent,
} from '@gallery/contracts';
import { EventBus } from '@gallery/platform';
import {
  startTestNats,
  startTestPostgres,
  waitFor,
  type TestNats,
  type TestPostgres,
} from '@gallery/testing';
import { createApp } from '../src/create-app.js';
import { EventsConfig } from '../src/config/events-config.js';
import { DemoGallery } from '../src/demo-gallery/demo-gallery.js';

const DAY = 24 * 60 * 60 * 1000;

describe('events service: the demo gallery', () => {
  let postgres: TestPostgres | undefined;
  let nats: TestNats | undefined;
  let replicas: INestApplication[] = [];
  let db: DataSource;
  let bus: EventBus | undefined;
  /** The demo's event.created as events publishes them. */
  const created: string[] = [];

  const graphql = (query: string, variables: object, authorization?: string) => {
    const call = request(replicas[0].getHttpServer()).post('/graphql').send({ query, variables });
    return authorization ? call.set('Authorization', authorization) : call;
  };
  const demoRow = async () =>
    (
      (await db.query(
        `SELECT welcome_line, photo_approval, plan, pin_hash, wedding_date::text AS wedding_date, expires_at
         FROM events WHERE code = $1`,
        [DEMO_GALLERY_CODE],
      )) as Record<string, unknown>[]
    )[0];

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
    bus = await EventBus.connect(nats.url, 'events-demo-test');
    bus.nc.subscribe(Subjects.EventCreated, {
      callback: (_error, message) => {
        const { data } = parseDomainEvent(message.data) as DomainEvent<typeof Subjects.EventCreated>;
        if (data.code === DEMO_GALLERY_CODE) created.push(data.code);
      },
    });
    // Two replicas starting at once, as a rollout starts them: both look for the demo at start-up.
    replicas = await Promise.all([1, 2].map(() => createApp(config, { logger: ['error'] })));
    db = replicas[0].get(DataSource);
  });

  afterAll(async () => {
    await Promise.all(replicas.map((app) => app.close()));
    await bus?.close();
    await nats?.stop();
    await postgres?.stop();
  });

  it('is created once, with event.created once, by two replicas starting together', async () => {
    const galleries: unknown[] = await db.query('SELECT 1 FROM events WHERE code = $1', [DEMO_GALLERY_CODE]);
    expect(galleries).toHaveLength(1);
    // Once nothing of it waits in the outbox, everything the start-ups recorded has gone out.
    await waitFor('the demo announced', async () => {
      const waiting: unknown[] = await db.query(
        `SELECT 1 FROM outbox_events WHERE envelope->'data'->>'code' = $1`,
        [DEMO_GALLERY_CODE],
      );
      return created.length > 0 && waiting.length === 0;
    });
    expect(created).toEqual([DEMO_GALLERY_CODE]);
    const { weddingDate, expiresAt } = demoGalleryDates(new Date());
    const answer = await graphql(
      'query ($code: String!) { event(code: $code) { name weddingDate expiresAt welcomeLine isOwner plan } }',
      { code: DEMO_GALLERY_CODE },
    );
    expect(answer.body.data.event).toEqual({
      name: DEMO_GALLERY.coupleNames,
      weddingDate,
      expiresAt: expiresAt.toISOString(),
      welcomeLine: DEMO_GALLERY.welcomeLine.en,
      isOwner: false,
      plan: 'STANDARD',
    });
  });

  it("refuses the owner's writes on it with DEMO_READ_ONLY, token or not", async () => {
    for (const authorization of [undefined, 'Bearer some-owner-token']) {
      const answer = await graphql(
        'mutation ($code: String!) { setWelcomeLine(code: $code, welcomeLine: "Mine now") { code } }',
        { code: DEMO_GALLERY_CODE.toLowerCase() },
        authorization,
      );
      expect(answer.body.errors[0].extensions.code).toBe('DEMO_READ_ONLY');
    }
    expect((await demoRow()).welcome_line).toBe(DEMO_GALLERY.welcomeLine.en);
  });

  it('is put back to its seed once the next day, whichever replica looks, with dates moved along', async () => {
    await db.query(
      `UPDATE events SET welcome_line = 'Changed', photo_approval = true, plan = 'free', pin_hash = 'x'
       WHERE code = $1`,
      [DEMO_GALLERY_CODE],
    );
    const tomorrow = new Date(Date.now() + DAY);
    const [first, second] = await Promise.all(
      replicas.map((app) => app.get(DemoGallery).resetIfDue(tomorrow)),
    );
    expect([first, second].filter(Boolean)).toHaveLength(1);
    const row = await demoRow();
    expect(row).toMatchObject({
      welcome_line: DEMO_GALLERY.welcomeLine.en,
      photo_approval: false,
      plan: 'standard',
      pin_hash: null,
      wedding_date: demoGalleryDates(tomorrow).weddingDate,
    });
    expect((row.expires_at as Date).getTime()).toBe(demoGalleryDates(tomorrow).expiresAt.getTime());
    // Done for that day: looking again changes nothing.
    expect(await replicas[1].get(DemoGallery).resetIfDue(tomorrow)).toBe(false);
  });
});
