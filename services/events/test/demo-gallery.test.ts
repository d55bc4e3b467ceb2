import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  DEMO_GALLERY,
  DEMO_GALLERY_CODE,
  demoGalleryDates,
  parseDomainEvent,
  Subjects,
  type DomainEvent,
} from '@gallery/contracts';
import { waitFor } from '@gallery/testing';
import { DemoGallery } from '../src/demo-gallery/demo-gallery.js';
import { startEvents, type EventsHarness } from './harness.js';

const DAY = 24 * 60 * 60 * 1000;

describe('events service: the demo gallery', () => {
  let events: EventsHarness | undefined;
  let replicas: INestApplication[] = [];
  let db: DataSource;
  /** The demo's event.created as events publishes them. */
  const created: string[] = [];

  const graphql = (query: string, variables: object, token?: string) => events!.post(query, variables, token);
  const demoRow = async () =>
    (
      (await db.query(
        `SELECT welcome_line, photo_approval, plan, pin_hash, wedding_date::text AS wedding_date, expires_at
         FROM events WHERE code = $1`,
        [DEMO_GALLERY_CODE],
      )) as Record<string, unknown>[]
    )[0];

  beforeAll(async () => {
    events = await startEvents({
      busName: 'events-demo-test',
      // Two replicas starting at once, as a rollout starts them: both look for the demo at start-up.
      replicas: 2,
      together: true,
      beforeStart: (bus) => {
        bus.nc.subscribe(Subjects.EventCreated, {
          callback: (_error, message) => {
            const { data } = parseDomainEvent(message.data) as DomainEvent<typeof Subjects.EventCreated>;
            if (data.code === DEMO_GALLERY_CODE) created.push(data.code);
          },
        });
      },
      logger: ['error'],
    });
    replicas = events.apps;
    db = events.db;
  });

  afterAll(() => events?.stop());

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
    for (const token of [undefined, 'some-owner-token']) {
      const answer = await graphql(
        'mutation ($code: String!) { setWelcomeLine(code: $code, welcomeLine: "Mine now") { code } }',
        { code: DEMO_GALLERY_CODE.toLowerCase() },
        token,
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
