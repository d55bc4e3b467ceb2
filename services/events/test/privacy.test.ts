import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { en, es, fr, parseDomainEvent, Subjects, type PrivacyChangedData } from '@gallery/contracts';
import { waitFor } from '@gallery/testing';
import { startEvents, type EventsHarness, type GraphQLBody } from './harness.js';

interface Privacy {
  uploadsOpenAt: string | null;
  uploadsCloseAt: string | null;
  guestOriginalsAllowed: boolean;
}

const CREATE = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code expiresAt } ownerToken }
}`;
const READ = `query Read($code: String!) {
  event(code: $code) { privacy { uploadsOpenAt uploadsCloseAt guestOriginalsAllowed } }
}`;
const SET = `mutation Set($code: String!, $settings: PrivacySettingsInput!) {
  setPrivacySettings(eventCode: $code, settings: $settings) {
    code privacy { uploadsOpenAt uploadsCloseAt guestOriginalsAllowed }
  }
}`;

const HOUR = 60 * 60 * 1000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

describe('events service: the couple’s privacy settings', () => {
  let events: EventsHarness | undefined;

  const graphql = <Data = Record<string, unknown>>(query: string, variables: object = {}, token?: string) =>
    events!.graphql<Data>(query, variables, token);

  async function order() {
    const body = await graphql<{
      createGallery: { event: { code: string; expiresAt: string }; ownerToken: string };
    }>(CREATE, {
      input: {
        coupleNames: 'Sarah & Mike',
        weddingDate: new Date(Date.now() + 24 * HOUR).toISOString().slice(0, 10),
        location: 'Lyon, France',
        email: `${randomUUID()}@example.com`,
        phone: '+33 6 12 34 56 78',
        plan: 'FREE',
      },
    });
    expect(body.errors).toBeUndefined();
    const { event, ownerToken } = body.data!.createGallery;
    return { code: event.code, expiresAt: event.expiresAt, ownerToken };
  }

  const read = async (code: string) => (await graphql<{ event: { privacy: Privacy } }>(READ, { code })).data!;
  const errorCode = (body: GraphQLBody<unknown>) => body.errors?.[0]?.extensions.code;

  /** Every event.privacy-changed published for the gallery so far, oldest first, checked against the contract. */
  const heard: PrivacyChangedData[] = [];
  const published = (code: string) => heard.filter((data) => data.code === code);
  /** Waits until the relay has published `count` settings of the gallery. */
  async function publishedAfterRelay(code: string, count: number): Promise<PrivacyChangedData[]> {
    await waitFor(`${count} privacy-changed of ${code}`, () =>
      Promise.resolve(published(code).length >= count),
    );
    return published(code);
  }
  /** No settings of the gallery went out, nor wait in the outbox. */
  async function nothingPublished(code: string): Promise<void> {
    const rows: unknown[] = await events!.db.query(
      `SELECT 1 FROM outbox_events WHERE subject = $1 AND envelope->'data'->>'code' = $2`,
      [Subjects.PrivacyChanged, code],
    );
    expect(rows).toEqual([]);
    expect(published(code)).toEqual([]);
  }

  beforeAll(async () => {
    events = await startEvents({ busName: 'events-privacy-test' });
    events.bus.nc.subscribe(Subjects.PrivacyChanged, {
      callback: (_error, message) => {
        heard.push(parseDomainEvent(message.data).data as PrivacyChangedData);
      },
    });
  });

  afterAll(() => events?.stop());

  it('starts open until expiry with originals for guests, readable by anyone holding the code', async () => {
    const { code } = await order();
    expect((await read(code)).event.privacy).toEqual({
      uploadsOpenAt: null,
      uploadsCloseAt: null,
      guestOriginalsAllowed: true,
    });
    await nothingPublished(code);
  });

  it('lets the owner set them, and publishes the whole settings through the outbox', async () => {
    const { code, ownerToken } = await order();
    const settings = {
      uploadsOpenAt: inHours(-1),
      uploadsCloseAt: inHours(12),
      guestOriginalsAllowed: false,
    };
    const set = await graphql<{ setPrivacySettings: { privacy: Privacy } }>(
      SET,
      { code, settings },
      ownerToken,
    );
    expect(set.errors).toBeUndefined();
    expect(set.data!.setPrivacySettings.privacy).toEqual(settings);
    expect((await read(code)).event.privacy).toEqual(settings);
    expect(await publishedAfterRelay(code, 1)).toEqual([
      {
        code,
        visibility: 'everyone',
        revealAt: null,
        uploadsOpenAt: settings.uploadsOpenAt,
        uploadsCloseAt: settings.uploadsCloseAt,
        guestOriginals: false,
        ownerDownloadsKeepMetadata: true,
        approval: false,
        // The PIN as it is: never set.
        pin: { set: false, version: 0 },
      },
    ]);

    // Back to the defaults: null ends, originals on.
    const cleared = { uploadsOpenAt: null, uploadsCloseAt: null, guestOriginalsAllowed: true };
    expect((await graphql(SET, { code, settings: cleared }, ownerToken)).errors).toBeUndefined();
    expect((await publishedAfterRelay(code, 2)).at(-1)).toMatchObject({
      uploadsCloseAt: null,
      guestOriginals: true,
    });

    // Approval on travels whole; a later save that leaves it out keeps it.
    const approving = { ...cleared, approval: true };
    expect((await graphql(SET, { code, settings: approving }, ownerToken)).errors).toBeUndefined();
    expect((await publishedAfterRelay(code, 3)).at(-1)).toMatchObject({ approval: true });
    expect((await graphql(SET, { code, settings: cleared }, ownerToken)).errors).toBeUndefined();
    expect((await publishedAfterRelay(code, 4)).at(-1)).toMatchObject({ approval: true });
  });

  it('keeps the originals’ metadata in the couple’s downloads until they turn it off, then publishes it', async () => {
    const { code, ownerToken } = await order();
    const CHOICE = `query Read($code: String!) { event(code: $code) { privacy { ownerDownloadsKeepMetadata } } }`;
    const SET_CHOICE = `mutation Set($code: String!, $settings: PrivacySettingsInput!) {
      setPrivacySettings(eventCode: $code, settings: $settings) { code privacy { ownerDownloadsKeepMetadata } }
    }`;
    const choiceOf = async () =>
      (await graphql<{ event: { privacy: { ownerDownloadsKeepMetadata: boolean } } }>(CHOICE, { code })).data!
        .event.privacy.ownerDownloadsKeepMetadata;
    const base = { uploadsOpenAt: null, uploadsCloseAt: null, guestOriginalsAllowed: true };
    expect(await choiceOf()).toBe(true);

    const off = await graphql<{ setPrivacySettings: { privacy: { ownerDownloadsKeepMetadata: boolean } } }>(
      SET_CHOICE,
      { code, settings: { ...base, ownerDownloadsKeepMetadata: false } },
      ownerToken,
    );
    expect(off.errors).toBeUndefined();
    expect(off.data!.setPrivacySettings.privacy.ownerDownloadsKeepMetadata).toBe(false);
    expect(await choiceOf()).toBe(false);
    expect((await publishedAfterRelay(code, 1)).at(-1)).toMatchObject({ ownerDownloadsKeepMetadata: false });

    // Another form saving its settings without the choice leaves it as it is, and the event still carries it.
    expect(
      (await graphql(SET, { code, settings: { ...base, guestOriginalsAllowed: false } }, ownerToken)).errors,
    ).toBeUndefined();
    expect(await choiceOf()).toBe(false);
    expect((await publishedAfterRelay(code, 2)).at(-1)).toMatchObject({
      guestOriginals: false,
      ownerDownloadsKeepMetadata: false,
    });

    // Only the couple: a guest cannot turn it back on.
    const guest = await graphql(SET_CHOICE, {
      code,
      settings: { ...base, ownerDownloadsKeepMetadata: true },
    });
    expect(errorCode(guest)).toBe('UNAUTHENTICATED');
    expect(await choiceOf()).toBe(false);
  });

  it('refuses a guest and another couple: the one owner check', async () => {
    const { code } = await order();
    const other = await order();
    const settings = { uploadsOpenAt: null, uploadsCloseAt: null, guestOriginalsAllowed: false };
    expect(errorCode(await graphql(SET, { code, settings }))).toBe('UNAUTHENTICATED');
    expect(errorCode(await graphql(SET, { code, settings }, other.ownerToken))).toBe('NOT_GALLERY_OWNER');
    expect((await read(code)).event.privacy.guestOriginalsAllowed).toBe(true);
    await nothingPublished(code);
  });

  it.each([
    ['a close in the past', { uploadsCloseAt: inHours(-1) }, 'UPLOADS_CLOSE_IN_PAST'],
    ['a close after the gallery ends', { uploadsCloseAt: inHours(24 * 400) }, 'UPLOADS_AFTER_EXPIRY'],
    ['an open after the gallery ends', { uploadsOpenAt: inHours(24 * 400) }, 'UPLOADS_AFTER_EXPIRY'],
    [
      'a close before the open',
      { uploadsOpenAt: inHours(5), uploadsCloseAt: inHours(4) },
      'UPLOADS_CLOSE_BEFORE_OPEN',
    ],
    ['a time that is no ISO 8601 instant', { uploadsCloseAt: 'tomorrow evening' }, 'VALIDATION_FAILED'],
    ['a time without its offset', { uploadsCloseAt: '2030-01-01T10:00:00' }, 'VALIDATION_FAILED'],
  ] as const)('refuses %s with a clear message, changing nothing', async (_what, window, code) => {
    const gallery = await order();
    const settings = { uploadsOpenAt: null, uploadsCloseAt: null, guestOriginalsAllowed: true, ...window };
    const refused = await graphql(SET, { code: gallery.code, settings }, gallery.ownerToken);
    expect(errorCode(refused)).toBe(code);
    expect(refused.errors![0].message).toBe(en.errors[code]);
    expect(fr.errors[code]).not.toBe(en.errors[code]);
    expect(es.errors[code]).not.toBe(en.errors[code]);
    expect((await read(gallery.code)).event.privacy.uploadsCloseAt).toBeNull();
    await nothingPublished(gallery.code);
  });

  describe('who sees which photos', () => {
    const SET_VISIBILITY = `mutation Set($code: String!, $settings: PrivacySettingsInput!) {
      setPrivacySettings(eventCode: $code, settings: $settings) { code privacy { visibility revealAt } }
    }`;
    const READ_VISIBILITY = `query Read($code: String!) { event(code: $code) { privacy { visibility revealAt } } }`;
    const base = { uploadsOpenAt: null, uploadsCloseAt: null, guestOriginalsAllowed: true };
    const visibilityOf = async (code: string) =>
      (
        await graphql<{ event: { privacy: { visibility: string; revealAt: string | null } } }>(
          READ_VISIBILITY,
          {
            code,
          },
        )
      ).data!.event.privacy;

    it('starts with everyone, sets a drop box and a reveal, and keeps them when another setting is saved', async () => {
      const { code, ownerToken } = await order();
      expect(await visibilityOf(code)).toEqual({ visibility: 'EVERYONE', revealAt: null });

      const own = await graphql(
        SET_VISIBILITY,
        { code, settings: { ...base, visibility: 'OWN' } },
        ownerToken,
      );
      expect(own.errors).toBeUndefined();
      expect((await publishedAfterRelay(code, 1)).at(-1)).toMatchObject({
        visibility: 'own',
        revealAt: null,
      });

      const revealAt = inHours(10);
      const reveal = { ...base, visibility: 'REVEAL', revealAt };
      expect((await graphql(SET_VISIBILITY, { code, settings: reveal }, ownerToken)).errors).toBeUndefined();
      expect(await visibilityOf(code)).toEqual({
        visibility: 'REVEAL',
        revealAt: new Date(revealAt).toISOString(),
      });
      expect((await publishedAfterRelay(code, 2)).at(-1)).toMatchObject({
        visibility: 'reveal',
        revealAt: new Date(revealAt).toISOString(),
      });

      // The upload-window form sends no visibility: the reveal stays.
      expect(
        (await graphql(SET, { code, settings: { ...base, guestOriginalsAllowed: false } }, ownerToken))
          .errors,
      ).toBeUndefined();
      expect((await publishedAfterRelay(code, 3)).at(-1)).toMatchObject({
        visibility: 'reveal',
        guestOriginals: false,
      });
    });

    it.each([
      ['a reveal without a time', { visibility: 'REVEAL' }, 'REVEAL_TIME_REQUIRED'],
      ['a reveal time in the past', { visibility: 'REVEAL', revealAt: inHours(-1) }, 'REVEAL_IN_PAST'],
      [
        'a reveal time after the gallery ends',
        { visibility: 'REVEAL', revealAt: inHours(24 * 400) },
        'REVEAL_AFTER_EXPIRY',
      ],
      ['a reveal time with a drop box', { visibility: 'OWN', revealAt: inHours(2) }, 'REVEAL_TIME_NOT_USED'],
      [
        'a reveal time that is no instant',
        { visibility: 'REVEAL', revealAt: 'after dinner' },
        'VALIDATION_FAILED',
      ],
    ] as const)('refuses %s with a clear message in en, fr and es', async (_what, visibility, code) => {
      const gallery = await order();
      const refused = await graphql(
        SET_VISIBILITY,
        { code: gallery.code, settings: { ...base, ...visibility } },
        gallery.ownerToken,
      );
      expect(errorCode(refused)).toBe(code);
      expect(refused.errors![0].message).toBe(en.errors[code]);
      expect(fr.errors[code]).not.toBe(en.errors[code]);
      expect(es.errors[code]).not.toBe(en.errors[code]);
      expect(await visibilityOf(gallery.code)).toEqual({ visibility: 'EVERYONE', revealAt: null });
      await nothingPublished(gallery.code);
    });

    it('refuses a guest and another couple', async () => {
      const { code } = await order();
      const other = await order();
      const settings = { ...base, visibility: 'OWN' };
      expect(errorCode(await graphql(SET_VISIBILITY, { code, settings }))).toBe('UNAUTHENTICATED');
      expect(errorCode(await graphql(SET_VISIBILITY, { code, settings }, other.ownerToken))).toBe(
        'NOT_GALLERY_OWNER',
      );
      await nothingPublished(code);
    });
  });
});
