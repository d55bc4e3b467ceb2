import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  en,
  es,
  fr,
  parseDomainEvent,
  GUEST_RATE_LIMITS,
  RequestContracts,
  Subjects,
  type DomainEvent,
  type PrivacyChangedData,
} from '@gallery/contracts';
import { askService, type EventBus } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import { startEvents, type Caller, type EventsHarness, type GraphQLBody } from './harness.js';

const READ = `query Read($code: String!) { event(code: $code) { code pinProtected } }`;
const SET_PIN = `mutation SetPin($code: String!, $pin: String) {
  setGalleryPin(eventCode: $code, pin: $pin) { code pinProtected }
}`;
const ENTER = `mutation Enter($code: String!, $pin: String!) {
  enterGalleryPin(code: $code, pin: $pin) { pass expiresAt }
}`;
const ACTIVITY = `mutation Activity($code: String!) {
  recordGalleryActivity(eventCode: $code, kind: VIEW, guest: "guest-1")
}`;

describe('events service: the gallery PIN', () => {
  let events: EventsHarness | undefined;
  let db: DataSource;
  let bus: EventBus | undefined;

  const graphql = <Data = Record<string, unknown>>(
    query: string,
    variables: object = {},
    caller: Caller = {},
  ) => events!.graphql<Data>(query, variables, caller);
  const errorCode = (body: GraphQLBody<unknown>) => body.errors?.[0]?.extensions.code;

  const order = () =>
    events!.orderGallery({ weddingDate: new Date(Date.now() + 24 * 3600_000).toISOString().slice(0, 10) });

  async function enter(code: string, pin: string, client?: string) {
    return graphql<{ enterGalleryPin: { pass: string; expiresAt: string } }>(
      ENTER,
      { code, pin },
      { client },
    );
  }

  /** Listens to the gallery's event.privacy-changed as events publishes them, oldest first. */
  function listen(code: string) {
    const heard: PrivacyChangedData[] = [];
    const subscription = bus!.nc.subscribe(Subjects.PrivacyChanged, {
      callback: (_error, message) => {
        const { data } = parseDomainEvent(message.data) as DomainEvent<typeof Subjects.PrivacyChanged>;
        if (data.code === code) heard.push(data);
      },
    });
    return {
      heard,
      published: (count: number) =>
        waitFor(`${count} privacy-changed of ${code}`, () => Promise.resolve(heard.length >= count)),
      stop: () => subscription.unsubscribe(),
    };
  }

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-pin-test' });
    db = events.db;
    bus = events.bus;
  });

  afterAll(() => events?.stop());

  it('lets only the owner set a PIN, stores its hash and never the PIN, and removes it', async () => {
    const { code, ownerToken } = await order();
    const other = await order();
    expect(errorCode(await graphql(SET_PIN, { code, pin: '4821' }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await graphql(SET_PIN, { code, pin: '4821' }, { token: other.ownerToken }))).toBe(
      'NOT_GALLERY_OWNER',
    );
    const set = await graphql<{ setGalleryPin: { pinProtected: boolean } }>(
      SET_PIN,
      { code, pin: '48213' },
      { token: ownerToken },
    );
    expect(set.data?.setGalleryPin.pinProtected).toBe(true);
    const [row] = (await db.query('SELECT pin_hash FROM events WHERE code = $1', [code])) as {
      pin_hash: string;
    }[];
    expect(row.pin_hash).toMatch(/^s1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/);
    expect(row.pin_hash).not.toContain('48213');

    const removed = await graphql<{ setGalleryPin: { pinProtected: boolean } }>(
      SET_PIN,
      { code, pin: null },
      { token: ownerToken },
    );
    expect(removed.data?.setGalleryPin.pinProtected).toBe(false);
    expect((await graphql<{ event: { code: string } }>(READ, { code })).data?.event.code).toBe(code);
  });

  it.each(['123', '123456789', '12a4', ' 1234', '١٢٣٤', ''])(
    'refuses %j as a PIN with PIN_FORMAT_INVALID, to the couple and to a guest',
    async (pin) => {
      const { code, ownerToken } = await order();
      expect(errorCode(await graphql(SET_PIN, { code, pin }, { token: ownerToken }))).toBe(
        'PIN_FORMAT_INVALID',
      );
      expect(errorCode(await enter(code, pin))).toBe('PIN_FORMAT_INVALID');
      const rows = (await db.query('SELECT pin_hash FROM events WHERE code = $1', [code])) as {
        pin_hash: string | null;
      }[];
      expect(rows[0].pin_hash).toBeNull();
    },
  );

  it('says every PIN refusal in English, French and Spanish', () => {
    for (const messages of [en, fr, es]) {
      for (const key of ['PIN_FORMAT_INVALID', 'PIN_REQUIRED', 'PIN_WRONG'] as const) {
        expect(messages.errors[key].length).toBeGreaterThan(10);
      }
    }
  });

  it('refuses a guest without a pass, admits one with it and the owner without, and kills old passes', async () => {
    const { code, ownerToken } = await order();
    await graphql(SET_PIN, { code, pin: '4821' }, { token: ownerToken });
    expect(errorCode(await graphql(READ, { code }))).toBe('PIN_REQUIRED');
    expect(errorCode(await graphql(ACTIVITY, { code }))).toBe('PIN_REQUIRED');
    expect(errorCode(await graphql(READ, { code }, { pass: `p1.${'A'.repeat(43)}` }))).toBe('PIN_REQUIRED');
    expect((await graphql(READ, { code }, { token: ownerToken })).errors).toBeUndefined();

    expect(errorCode(await enter(code, '1111'))).toBe('PIN_WRONG');
    const entered = await enter(code, '4821');
    const pass = entered.data!.enterGalleryPin.pass;
    expect(pass).toMatch(/^p1\.[A-Za-z0-9_-]{43}$/);
    expect((await graphql(READ, { code }, { pass })).data).toEqual({ event: { code, pinProtected: true } });
    expect((await graphql(ACTIVITY, { code }, { pass })).errors).toBeUndefined();
    const [stored] = (await db.query('SELECT token_hash FROM pin_passes WHERE event_code = $1', [code])) as {
      token_hash: string;
    }[];
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);

    // A pass is for its gallery only.
    const other = await order();
    await graphql(SET_PIN, { code: other.code, pin: '4821' }, { token: other.ownerToken });
    expect(errorCode(await graphql(READ, { code: other.code }, { pass }))).toBe('PIN_REQUIRED');

    // Over NATS, as media, download and the gateway ask: with the PIN state decided under, for them to learn.
    const ask = (request: { code: string; pass?: string; authorization?: string }) =>
      askService(bus!, RequestContracts.GuestAdmission, request, new Logger('test'));
    const first = { set: true, version: 1 };
    await expect(ask({ code, pass })).resolves.toEqual({ admitted: true, pin: first });
    await expect(ask({ code })).resolves.toEqual({ admitted: false, pin: first });
    await expect(ask({ code, authorization: `Bearer ${ownerToken}` })).resolves.toEqual({
      admitted: true,
      pin: first,
    });
    await expect(ask({ code: 'YYYYYYYY' })).resolves.toEqual({ admitted: true });

    await graphql(SET_PIN, { code, pin: '9034' }, { token: ownerToken });
    expect(errorCode(await graphql(READ, { code }, { pass }))).toBe('PIN_REQUIRED');
    await expect(ask({ code, pass })).resolves.toEqual({ admitted: false, pin: { set: true, version: 2 } });
    const again = (await enter(code, '9034')).data!.enterGalleryPin.pass;
    await graphql(SET_PIN, { code, pin: null }, { token: ownerToken });
    expect((await graphql(READ, { code })).errors).toBeUndefined();
    await expect(ask({ code })).resolves.toEqual({ admitted: true, pin: { set: false, version: 3 } });
    await graphql(SET_PIN, { code, pin: '9034' }, { token: ownerToken });
    expect(errorCode(await graphql(READ, { code }, { pass: again }))).toBe('PIN_REQUIRED');
  });

  it("admits the venue's wall with its link's key as the pass, for its gallery only, until the links are reset", async () => {
    const { code, ownerToken } = await order();
    await graphql(SET_PIN, { code, pin: '4821' }, { token: ownerToken });
    const link = await graphql<{ createWallLink: { url: string } }>(
      'mutation ($code: String!) { createWallLink(eventCode: $code) { url } }',
      { code },
      { token: ownerToken },
    );
    const key = new URLSearchParams(new URL(link.data!.createWallLink.url).hash.slice(1)).get('key')!;
    expect(key).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect((await graphql(READ, { code }, { pass: key })).data).toEqual({
      event: { code, pinProtected: true },
    });
    const other = await order();
    await graphql(SET_PIN, { code: other.code, pin: '4821' }, { token: other.ownerToken });
    expect(errorCode(await graphql(READ, { code: other.code }, { pass: key }))).toBe('PIN_REQUIRED');
    const privacy = listen(code);
    const [before] = (await db.query('SELECT pin_version FROM events WHERE code = $1', [code])) as {
      pin_version: number;
    }[];
    await graphql(
      'mutation ($code: String!) { resetWallLinks(eventCode: $code) }',
      { code },
      { token: ownerToken },
    );
    expect(errorCode(await graphql(READ, { code }, { pass: key }))).toBe('PIN_REQUIRED');
    // The key was a pass: the PIN's version moves on and goes out, so what media remembered of it is worthless.
    await privacy.published(1);
    expect(privacy.heard[0].pin).toEqual({ set: true, version: before.pin_version + 1 });
    privacy.stop();
  });

  it('limits wrong PINs per client and gallery; a right PIN costs nothing', async () => {
    const { code, ownerToken } = await order();
    await graphql(SET_PIN, { code, pin: '4821' }, { token: ownerToken });
    const client = `guesser-${randomUUID()}`;
    const { points } = GUEST_RATE_LIMITS.pinAttempts.perGuest;
    for (let i = 0; i < 3; i += 1) expect((await enter(code, '4821', client)).errors).toBeUndefined();
    for (let i = 0; i < points; i += 1)
      expect(errorCode(await enter(code, `000${i}`, client))).toBe('PIN_WRONG');
    const limited = await enter(code, '4821', client);
    expect(errorCode(limited)).toBe('RATE_LIMITED');
    expect(limited.errors![0].extensions.count).toBeGreaterThan(0);
    // Another gallery, or another client, is not held back by it.
    expect((await enter(code, '4821', `guest-${randomUUID()}`)).errors).toBeUndefined();
  });

  it("publishes the PIN's state and a new version with every set, change and removal, with the settings", async () => {
    const { code, ownerToken } = await order();
    const { heard, published, stop } = listen(code);
    try {
      await graphql(SET_PIN, { code, pin: '4821' }, { token: ownerToken });
      await published(1);
      await graphql(SET_PIN, { code, pin: '9034' }, { token: ownerToken });
      await published(2);
      // A refused PIN changes nothing and publishes nothing.
      expect(errorCode(await graphql(SET_PIN, { code, pin: '12' }, { token: ownerToken }))).toBe(
        'PIN_FORMAT_INVALID',
      );
      await graphql(SET_PIN, { code, pin: null }, { token: ownerToken });
      await published(3);
      expect(heard.map((data) => data.pin)).toEqual([
        { set: true, version: 1 },
        { set: true, version: 2 },
        { set: false, version: 3 },
      ]);
      // Whole, as a settings change publishes them: a consumer applies either the same way.
      expect(heard[2]).toEqual({
        code,
        visibility: 'everyone',
        revealAt: null,
        uploadsOpenAt: null,
        uploadsCloseAt: null,
        guestOriginals: true,
        ownerDownloadsKeepMetadata: true,
        approval: false,
        pin: { set: false, version: 3 },
      });
    } finally {
      stop();
    }
  });

  it('answers an unknown code as any unknown code', async () => {
    expect(errorCode(await enter('ZZZZZZZZ', '1234'))).toBe('GALLERY_NOT_FOUND');
  });
});
