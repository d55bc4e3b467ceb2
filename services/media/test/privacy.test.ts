import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  en,
  Subjects,
  type DomainEvent,
  type GuestAdmissionRequest,
  type LivePhoto,
  type PrivacyChangedData,
} from '@gallery/contracts';
import { EventBus, OutboxRelay } from '@gallery/platform';
import { publishAsRelay, waitFor } from '@gallery/testing';
import { GalleryReadModelConsumer } from '../src/gallery-read-model/gallery-read-model.consumer.js';
import { RevealAnnouncer } from '../src/galleries/reveal-announcer.js';
import { putToSlot, REQUEST_UPLOADS, type Slot } from './guest-upload.js';
import { admitAsEvents, type PinnedGallery } from './events-stand-in.js';
import { DAY, ownerOf, startMedia, type GraphQLAnswer, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let db: DataSource;

const graphql = <T>(
  query: string,
  variables: object,
  authorization?: string,
  guestIdentity?: string,
  pass?: string,
) => media!.graphql<T>(query, variables, { authorization, guestIdentity, pass });

const publish = <S extends typeof Subjects.EventCreated | typeof Subjects.PrivacyChanged>(
  type: S,
  data: DomainEvent<S>['data'],
  id?: string,
) => media!.publish(type, data, id);

const createGallery = () => media!.createGallery();

/** The galleries whose couple set a PIN, as events would answer for them. */
const pinned = new Map<string, PinnedGallery>();
/** Every guest admission question media asked events, oldest first. */
const admissionQuestions: GuestAdmissionRequest[] = [];

const DEFAULTS = {
  visibility: 'everyone',
  revealAt: null,
  uploadsOpenAt: null,
  uploadsCloseAt: null,
  guestOriginals: true,
} as const;

/**
 * Publishes the couple's settings as events does, and waits until media has handled that very event: settings equal
 * to the ones the gallery already holds would otherwise look applied before media heard of them, and the word media
 * sends when it does would reach a later step of the test.
 */
async function setPrivacy(code: string, settings: Partial<Omit<PrivacyChangedData, 'code'>>): Promise<void> {
  const data = { ...DEFAULTS, ...settings, code };
  const id = randomUUID();
  await publish(Subjects.PrivacyChanged, data, id);
  await waitFor(
    'the settings handled',
    async () => (await db.query('SELECT 1 FROM processed_events WHERE event_id = $1', [id])).length > 0,
  );
  const [row]: {
    open: Date | null;
    close: Date | null;
    originals: boolean;
    visibility: string;
    reveal: Date | null;
  }[] = await db.query(
    `SELECT uploads_open_at AS open, uploads_close_at AS close, guest_originals AS originals,
            photo_visibility AS visibility, reveal_at AS reveal
       FROM galleries WHERE code = $1`,
    [code],
  );
  expect(row).toEqual({
    originals: data.guestOriginals,
    visibility: data.visibility,
    reveal: data.revealAt && new Date(data.revealAt),
    open: data.uploadsOpenAt && new Date(data.uploadsOpenAt),
    close: data.uploadsCloseAt && new Date(data.uploadsCloseAt),
  });
}

const photoBytes = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();

async function requestSlot(
  code: string,
  body: Buffer,
  guestIdentity?: string,
): Promise<GraphQLAnswer<{ requestPhotoUploads: Slot[] }>> {
  return graphql<{ requestPhotoUploads: Slot[] }>(
    REQUEST_UPLOADS,
    { code, files: [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }] },
    undefined,
    guestIdentity,
  );
}

const CONFIRM =
  'mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id eventCode thumbnailUrl } }';

async function uploadPhoto(code: string, guestIdentity?: string): Promise<LivePhoto> {
  const body = await photoBytes();
  const slot = (await requestSlot(code, body, guestIdentity)).data!.requestPhotoUploads[0];
  expect((await putToSlot(slot, body)).status).toBe(200);
  const confirmed = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM, { code, id: slot.uploadId });
  expect(confirmed.errors).toBeUndefined();
  return confirmed.data!.confirmPhotoUpload;
}

/** The status of a photo link as the gateway forwards it, with the caller's Authorization when given. */
async function fetchLink(photoId: string, variant: string, authorization?: string) {
  const call = request(app!.getHttpServer()).get(`/media/photos/${photoId}/${variant}`);
  if (authorization) call.set('Authorization', authorization);
  return call;
}

const hours = (count: number) => new Date(Date.now() + count * 60 * 60 * 1000).toISOString();

beforeAll(async () => {
  media = await startMedia({
    bucket: 'media-privacy-test',
    owners: { plan: 'standard', expiresInMs: DAY },
    admission: (bus) => admitAsEvents(bus, pinned, admissionQuestions),
  });
  ({ app, bus, db } = media);
});

afterAll(() => media?.stop());

describe('the upload window', () => {
  it.each([
    ['no window', 'a slot', {}],
    ['opened an hour ago, closing tonight', 'a slot', { uploadsOpenAt: hours(-1), uploadsCloseAt: hours(6) }],
    ['opening in an hour', 'UPLOADS_NOT_OPEN', { uploadsOpenAt: hours(1) }],
    [
      'closed a minute ago',
      'UPLOADS_CLOSED',
      { uploadsCloseAt: new Date(Date.now() - 60_000).toISOString() },
    ],
  ] as const)('with %s, a slot request gets %s', async (_what, refusal, window) => {
    const code = await createGallery();
    await setPrivacy(code, window);
    const answer = await requestSlot(code, await photoBytes());
    if (refusal === 'a slot') {
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.requestPhotoUploads).toHaveLength(1);
    } else {
      expect(answer.errors?.[0].extensions?.code).toBe(refusal);
      expect(answer.errors?.[0].message).toBe(en.errors[refusal]);
    }
  });

  it('refuses the confirmation of a photo sent before the window closed', async () => {
    const code = await createGallery();
    const body = await photoBytes();
    const slot = (await requestSlot(code, body)).data!.requestPhotoUploads[0];
    expect((await putToSlot(slot, body)).status).toBe(200);
    await setPrivacy(code, { uploadsCloseAt: new Date(Date.now() - 1000).toISOString() });
    const confirmed = await graphql(CONFIRM, { code, id: slot.uploadId });
    expect(confirmed.errors?.[0].extensions?.code).toBe('UPLOADS_CLOSED');
    const [{ count }]: { count: string }[] = await db.query(
      'SELECT count(*) FROM photos WHERE event_code = $1',
      [code],
    );
    expect(Number(count)).toBe(0);

    // Opened again (the couple cleared the close time): uploads are taken again.
    await setPrivacy(code, {});
    await uploadPhoto(code);
  });
});

describe("guests' originals", () => {
  type Caller = 'guest' | 'couple' | 'another couple';
  const authorization = (caller: Caller, code: string, other: string) =>
    caller === 'guest' ? undefined : caller === 'couple' ? ownerOf(code) : ownerOf(other);

  // setting x path x caller: what each photo link answers.
  it.each([
    [true, 'original', 'guest', 302],
    [true, 'original', 'couple', 302],
    [false, 'original', 'guest', 403],
    [false, 'original', 'another couple', 403],
    [false, 'original', 'couple', 302],
    [false, 'thumbnail', 'guest', 302],
    [false, 'preview', 'guest', 302],
  ] as const)('originals for guests %s: %s as %s answers %s', async (allowed, variant, caller, status) => {
    const code = await createGallery();
    const other = await createGallery();
    const photo = await uploadPhoto(code);
    await setPrivacy(code, { guestOriginals: allowed });
    const answer = await fetchLink(photo.id, variant, authorization(caller, code, other));
    expect(answer.status).toBe(status);
    if (status === 403) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toEqual({
        errors: [
          {
            message: en.errors.ORIGINALS_NOT_ALLOWED,
            extensions: { code: 'ORIGINALS_NOT_ALLOWED' },
          },
        ],
      });
    } else {
      expect(answer.headers.location).toMatch(/^http/);
    }
  });

  it('gives the couple a link to the original through photoOriginalUrl, and nobody else', async () => {
    const code = await createGallery();
    const other = await createGallery();
    const photo = await uploadPhoto(code);
    await setPrivacy(code, { guestOriginals: false });
    const QUERY = 'query ($id: ID!) { photoOriginalUrl(id: $id) }';
    expect((await graphql(QUERY, { id: photo.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await graphql(QUERY, { id: photo.id }, ownerOf(other))).errors?.[0].extensions?.code).toBe(
      'NOT_GALLERY_OWNER',
    );
    const link = await graphql<{ photoOriginalUrl: string }>(QUERY, { id: photo.id }, ownerOf(code));
    expect(link.errors).toBeUndefined();
    const original = await fetch(link.data!.photoOriginalUrl);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toMatch(/^attachment/);
    await original.arrayBuffer();
  });
});

describe('who sees what', () => {
  const ISSUE = 'mutation { issueGuestIdentity { token } }';
  const GALLERY = `query ($reps: [_Any!]!) {
    _entities(representations: $reps) {
      ... on Event {
        photoCount photos(first: 50) { nodes { id thumbnailUrl } } challenges { photoCount }
        tables { number photoCount } tablePhotos: photos(first: 50, table: 4) { nodes { id } }
      }
    }
  }`;
  const REQUEST_FOR_CHALLENGE = `mutation ($code: String!, $files: [PhotoUploadRequest!]!, $challengeId: ID) {
    requestPhotoUploads(eventCode: $code, files: $files, challengeId: $challengeId, table: 4) {
      uploadId uploadUrl headers { name value } multipart { partSize partCount }
    }
  }`;
  type Caller = 'guest A' | 'guest B' | 'a guest without identity' | 'the couple';
  type Setting = 'everyone' | 'own' | 'reveal to come' | 'reveal passed';

  async function newGuest(): Promise<string> {
    const answer = await graphql<{ issueGuestIdentity: { token: string } }>(ISSUE, {});
    return answer.data!.issueGuestIdentity.token;
  }

  const settings: Record<Setting, Partial<Omit<PrivacyChangedData, 'code'>>> = {
    everyone: {},
    own: { visibility: 'own' },
    'reveal to come': { visibility: 'reveal', revealAt: hours(12) },
    'reveal passed': { visibility: 'reveal', revealAt: hours(-1) },
  };

  /** A guest's photo taken for the gallery's photo challenge, from table 4's card. */
  async function uploadForChallenge(code: string, challengeId: string, token: string): Promise<LivePhoto> {
    const body = await photoBytes();
    const files = [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }];
    const slots = await graphql<{ requestPhotoUploads: Slot[] }>(
      REQUEST_FOR_CHALLENGE,
      { code, files, challengeId },
      undefined,
      token,
    );
    const slot = slots.data!.requestPhotoUploads[0];
    expect((await putToSlot(slot, body)).status).toBe(200);
    const confirmed = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM, { code, id: slot.uploadId });
    expect(confirmed.errors).toBeUndefined();
    return confirmed.data!.confirmPhotoUpload;
  }

  /** A gallery where guest A and guest B each uploaded one photo for its challenge, under `setting`. */
  async function galleryOfTwo(setting: Setting) {
    const code = await createGallery();
    const challengeId = randomUUID();
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type: Subjects.ChallengesChanged,
      occurredAt: new Date().toISOString(),
      data: { code, challenges: [{ id: challengeId, prompt: 'The first dance' }] },
    } as DomainEvent);
    await waitFor(
      'the challenge',
      async () => (await db.query('SELECT 1 FROM challenges WHERE id = $1', [challengeId])).length,
    );
    const tokens = { a: await newGuest(), b: await newGuest() };
    const photos = {
      a: await uploadForChallenge(code, challengeId, tokens.a),
      b: await uploadForChallenge(code, challengeId, tokens.b),
    };
    await setPrivacy(code, settings[setting]);
    const as = (caller: Caller) =>
      caller === 'the couple'
        ? { authorization: ownerOf(code) }
        : caller === 'guest A'
          ? { guestIdentity: tokens.a }
          : caller === 'guest B'
            ? { guestIdentity: tokens.b }
            : {};
    return { code, tokens, photos, as };
  }

  // setting x caller: which of the two photos the gallery lists and counts.
  it.each([
    ['everyone', 'guest A', ['a', 'b']],
    ['everyone', 'a guest without identity', ['a', 'b']],
    ['own', 'guest A', ['a']],
    ['own', 'guest B', ['b']],
    ['own', 'a guest without identity', []],
    ['own', 'the couple', ['a', 'b']],
    ['reveal to come', 'guest A', ['a']],
    ['reveal to come', 'a guest without identity', []],
    ['reveal to come', 'the couple', ['a', 'b']],
    ['reveal passed', 'guest B', ['a', 'b']],
    ['reveal passed', 'a guest without identity', ['a', 'b']],
  ] as const)('with %s, %s is listed and counted %j', async (setting, caller, expected) => {
    const { code, photos, as } = await galleryOfTwo(setting);
    const { authorization, guestIdentity } = as(caller) as { authorization?: string; guestIdentity?: string };
    const answer = await graphql<{
      _entities: {
        photoCount: number;
        photos: { nodes: { id: string; thumbnailUrl: string }[] };
        challenges: { photoCount: number }[];
        tables: { number: number; photoCount: number }[];
        tablePhotos: { nodes: { id: string }[] };
      }[];
    }>(GALLERY, { reps: [{ __typename: 'Event', code }] }, authorization, guestIdentity);
    expect(answer.errors).toBeUndefined();
    const [event] = answer.data!._entities;
    const ids = event.photos.nodes.map((node) => node.id).sort();
    expect(ids).toEqual(expected.map((which) => photos[which].id).sort());
    expect(event.photoCount).toBe(expected.length);
    expect(event.challenges).toEqual([{ photoCount: expected.length }]);
    // The table card's filter and counts show no more than the gallery does.
    expect(event.tables).toEqual(expected.length > 0 ? [{ number: 4, photoCount: expected.length }] : []);
    expect(event.tablePhotos.nodes.map((node) => node.id).sort()).toEqual(ids);
    // Every link listed opens for whoever it was listed to.
    for (const node of event.photos.nodes) {
      const url = new URL(node.thumbnailUrl);
      const link = await request(app!.getHttpServer()).get(url.pathname + url.search);
      expect(link.status).toBe(302);
    }
  });

  // setting x variant: a link to guest A's photo without its pass, as guest B's browser would ask.
  it.each([
    ['everyone', 'thumbnail', 302],
    ['own', 'thumbnail', 404],
    ['own', 'preview', 404],
    ['own', 'original', 404],
    ['reveal to come', 'original', 404],
    ['reveal passed', 'preview', 302],
  ] as const)('with %s, another guest asking for the %s answers %s', async (setting, variant, status) => {
    const { photos } = await galleryOfTwo(setting);
    expect((await fetchLink(photos.a.id, variant)).status).toBe(status);
  });

  /** A drop box where guests A and B each uploaded one photo after it was set up. */
  async function dropBoxOfTwo() {
    const code = await createGallery();
    await setPrivacy(code, { visibility: 'own' });
    const tokens = { a: await newGuest(), b: await newGuest() };
    const photos = { a: await uploadPhoto(code, tokens.a), b: await uploadPhoto(code, tokens.b) };
    return { code, tokens, photos };
  }

  it("opens a drop box photo with its uploader's pass only, and a forged pass not", async () => {
    const { photos } = await dropBoxOfTwo();
    // The uploader's confirmation handed out links with the pass.
    const own = new URL(photos.a.thumbnailUrl);
    expect(own.searchParams.get('pass')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await request(app!.getHttpServer()).get(own.pathname + own.search)).status).toBe(302);
    // B's pass does not open A's photo.
    const bPass = new URL(photos.b.thumbnailUrl).searchParams.get('pass')!;
    const forged = `/media/photos/${photos.a.id}/original?pass=${bPass}`;
    expect((await request(app!.getHttpServer()).get(forged)).status).toBe(404);
  });

  it("answers a guest deleting their own photo with their own count, and tells no guest's screen", async () => {
    const { code, tokens, photos } = await dropBoxOfTwo();
    const deleted: { shared?: boolean }[] = [];
    const subscription = bus!.nc.subscribe(Subjects.PhotoDeleted, {
      callback: (_error, message) => {
        const event = message.json<DomainEvent<typeof Subjects.PhotoDeleted>>();
        if (event.data.eventCode === code) deleted.push(event.data);
      },
    });
    try {
      const answer = await graphql<{ deleteOwnPhoto: number }>(
        'mutation ($code: String!, $id: ID!) { deleteOwnPhoto(eventCode: $code, id: $id) }',
        { code, id: photos.a.id },
        undefined,
        tokens.a,
      );
      expect(answer.errors).toBeUndefined();
      // A sees none of theirs left, not the gallery's one (B's).
      expect(answer.data!.deleteOwnPhoto).toBe(0);
      await waitFor('photo.deleted', () => Promise.resolve(deleted.length > 0));
      expect(deleted[0]).toMatchObject({ photoCount: 1, shared: false });
    } finally {
      subscription.unsubscribe();
    }
  });

  it('tells open screens once, from the server, when a reveal time passes', async () => {
    const code = await createGallery();
    const received: string[] = [];
    const subscription = bus!.nc.subscribe(Subjects.PhotosRevealed, {
      callback: (_error, message) => {
        const event = message.json<DomainEvent<typeof Subjects.PhotosRevealed>>();
        if (event.data.code === code) received.push(event.data.revealAt);
      },
    });
    try {
      const revealAt = new Date(Date.now() + 1500).toISOString();
      await setPrivacy(code, { visibility: 'reveal', revealAt });
      await waitFor('the reveal announced', () => Promise.resolve(received.length > 0), 20_000);
      expect(received).toEqual([new Date(revealAt).toISOString()]);
      // Announced once: a later run finds nothing due for this gallery.
      await app!.get(RevealAnnouncer).announceDue();
      const [row]: { revealed: Date | null }[] = await db.query(
        'SELECT revealed_for AS revealed FROM galleries WHERE code = $1',
        [code],
      );
      expect(row.revealed?.toISOString()).toBe(new Date(revealAt).toISOString());
    } finally {
      subscription.unsubscribe();
    }
  });

  it('tells open screens when the couple shares hidden photos again, and not otherwise', async () => {
    const code = await createGallery();
    const received: string[] = [];
    const subscription = bus!.nc.subscribe(Subjects.PhotosRevealed, {
      callback: (_error, message) => {
        const event = message.json<DomainEvent<typeof Subjects.PhotosRevealed>>();
        if (event.data.code === code) received.push(event.data.revealAt);
      },
    });
    try {
      await setPrivacy(code, { guestOriginals: false }); // shared, still shared: nothing to tell
      await setPrivacy(code, { visibility: 'own' }); // hidden: nothing arrives
      const sharedAgainAt = Date.now();
      await setPrivacy(code, {}); // shared again
      await waitFor('the photos shared again', () => Promise.resolve(received.length > 0));
      // One outbox, in order: an announcement for the earlier changes would have come first.
      expect(received).toHaveLength(1);
      expect(new Date(received[0]).getTime()).toBeGreaterThanOrEqual(sharedAgainAt);
    } finally {
      subscription.unsubscribe();
    }
  });

  it('tells open screens to read again only once the new settings are applied, so the read sees them', async () => {
    const { code, photos, as } = await galleryOfTwo('everyone');
    // The word of the setting made above is out (its outbox row goes once JetStream has it): the word heard below
    // is the next change's.
    await waitFor('the first setting announced', async () => {
      const waiting = await db.query(`SELECT 1 FROM outbox_events WHERE envelope->'data'->>'code' = $1`, [
        code,
      ]);
      return waiting.length === 0;
    });
    // What a guest's screen lists the moment it is told, as the gateway would pass the word on to it.
    const listedOnWord = new Promise<string[]>((resolve, reject) => {
      const subscription = bus!.nc.subscribe(Subjects.SharingChanged, {
        callback: (_error, message) => {
          if (message.json<DomainEvent<typeof Subjects.SharingChanged>>().data.code !== code) return;
          subscription.unsubscribe();
          graphql<{ _entities: { photos: { nodes: { id: string }[] } }[] }>(
            GALLERY,
            { reps: [{ __typename: 'Event', code }] },
            undefined,
            (as('guest A') as { guestIdentity: string }).guestIdentity,
          ).then((answer) => resolve(answer.data!._entities[0].photos.nodes.map((node) => node.id)), reject);
        },
      });
    });
    // The word goes out as soon as the settings are applied, not at the relay's next look for rows.
    const kicks = jest.spyOn(app!.get(OutboxRelay), 'kick');
    try {
      await publish(Subjects.PrivacyChanged, { ...DEFAULTS, code, visibility: 'own' });
      expect(await listedOnWord).toEqual([photos.a.id]);
      expect(kicks).toHaveBeenCalled();
    } finally {
      kicks.mockRestore();
    }
  });

  it("marks a photo uploaded into a drop box as not shared, with its pass for the couple's screens", async () => {
    const code = await createGallery();
    await setPrivacy(code, { visibility: 'own' });
    const events: { shared?: boolean; photo: { thumbnailUrl: string } }[] = [];
    const subscription = bus!.nc.subscribe(Subjects.PhotoUploaded, {
      callback: (_error, message) => {
        const event = message.json<DomainEvent<typeof Subjects.PhotoUploaded>>();
        if (event.data.photo.eventCode === code) events.push(event.data);
      },
    });
    try {
      await uploadPhoto(code, await newGuest());
      await waitFor('the photo.uploaded event', () => Promise.resolve(events.length > 0));
      expect(events[0].shared).toBe(false);
      // The gateway sends it to the couple's screens only: its links show it to them.
      expect(events[0].photo.thumbnailUrl).toMatch(/\/thumbnail\?pass=[A-Za-z0-9_-]{43}$/);
    } finally {
      subscription.unsubscribe();
    }
  });
});

describe('the gallery PIN', () => {
  const pass = (letter: string) => `p1.${letter.repeat(43)}`;

  /** Publishes the gallery's PIN state as events does when the couple sets, changes or removes it. */
  async function publishPin(code: string, pin: { set: boolean; version: number }): Promise<void> {
    const id = randomUUID();
    await publish(Subjects.PrivacyChanged, { ...DEFAULTS, code, pin }, id);
    await waitFor('the PIN event handled', async () => {
      const rows: unknown[] = await db.query(
        'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2',
        [GalleryReadModelConsumer.NAME, id],
      );
      return rows.length > 0;
    });
  }

  /** The couple set a PIN: events publishes it, and answers for its passes. */
  async function setPin(code: string, version: number, passes: string[]): Promise<void> {
    pinned.set(code, { passes, owner: ownerOf(code) });
    await publishPin(code, { set: true, version });
  }

  const questionsAbout = (code: string) => admissionQuestions.filter((asked) => asked.code === code);
  const refusal = (answer: GraphQLAnswer<unknown>) => answer.errors?.[0].extensions?.code;

  /** A guest's whole upload of one photo (slot, PUT, confirmation), with the pass if given. */
  async function uploadWith(
    code: string,
    given?: string,
  ): Promise<GraphQLAnswer<{ confirmPhotoUpload: LivePhoto }>> {
    const body = await photoBytes();
    const files = [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }];
    const slot = await graphql<{ requestPhotoUploads: Slot[] }>(
      REQUEST_UPLOADS,
      { code, files },
      undefined,
      undefined,
      given,
    );
    if (slot.errors) return slot as GraphQLAnswer<never>;
    const [uploaded] = slot.data!.requestPhotoUploads;
    expect((await putToSlot(uploaded, body)).status).toBe(200);
    return graphql(CONFIRM, { code, id: uploaded.uploadId }, undefined, undefined, given);
  }

  it('admits the uploads of a gallery without a PIN without asking events', async () => {
    const code = await createGallery();
    for (let photo = 0; photo < 5; photo++) {
      expect((await uploadWith(code)).data?.confirmPhotoUpload.eventCode).toBe(code);
    }
    expect(questionsAbout(code)).toHaveLength(0);

    // Nor once the couple has removed their PIN.
    const unpinned = await createGallery();
    await setPin(unpinned, 1, [pass('E')]);
    expect(refusal(await uploadWith(unpinned))).toBe('PIN_REQUIRED');
    pinned.delete(unpinned);
    await publishPin(unpinned, { set: false, version: 2 });
    const asked = questionsAbout(unpinned).length;
    expect((await uploadWith(unpinned)).errors).toBeUndefined();
    expect(questionsAbout(unpinned)).toHaveLength(asked);
  });

  it('asks events once for many uploads with the same pass, and refuses that pass once the PIN changed', async () => {
    const code = await createGallery();
    await setPin(code, 1, [pass('C')]);
    for (let photo = 0; photo < 5; photo++) {
      expect((await uploadWith(code, pass('C'))).data?.confirmPhotoUpload.eventCode).toBe(code);
    }
    expect(questionsAbout(code)).toEqual([{ code, pass: pass('C') }]);
    // A refusal is never remembered: each is asked.
    expect(refusal(await uploadWith(code))).toBe('PIN_REQUIRED');
    expect(refusal(await uploadWith(code))).toBe('PIN_REQUIRED');
    expect(questionsAbout(code)).toHaveLength(3);

    // The couple changed the PIN: events deleted the old passes and published a new version.
    await setPin(code, 2, [pass('D')]);
    expect(refusal(await uploadWith(code, pass('C')))).toBe('PIN_REQUIRED');
    expect((await uploadWith(code, pass('D'))).errors).toBeUndefined();

    // An older state handled late (a retried event) changes nothing.
    await publishPin(code, { set: false, version: 1 });
    expect(refusal(await uploadWith(code))).toBe('PIN_REQUIRED');
  });

  it('asks events about every request to a gallery whose PIN it has not heard of', async () => {
    const code = await createGallery();
    // As for a gallery created before media kept the PIN's state.
    await db.query('DELETE FROM gallery_pins WHERE code = $1', [code]);
    pinned.set(code, { passes: [pass('F')], owner: ownerOf(code) });
    expect(refusal(await uploadWith(code))).toBe('PIN_REQUIRED');
    expect((await uploadWith(code, pass('F'))).errors).toBeUndefined();
    expect((await uploadWith(code, pass('F'))).errors).toBeUndefined();
    expect(questionsAbout(code)).toHaveLength(5);
  });

  it("refuses a guest's upload slot and confirmation without the gallery's pass, and serves them with it", async () => {
    const [code, other] = [await createGallery(), await createGallery()];
    await setPin(code, 1, [pass('A')]);
    await setPin(other, 1, [pass('B')]);
    const body = await photoBytes();
    const files = [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }];
    const slot = (given?: string, authorization?: string) =>
      graphql<{ requestPhotoUploads: Slot[] }>(
        REQUEST_UPLOADS,
        { code, files },
        authorization,
        undefined,
        given,
      );

    expect(refusal(await slot())).toBe('PIN_REQUIRED');
    expect((await slot()).errors?.[0].message).toBe(en.errors.PIN_REQUIRED);
    // Another gallery's pass, or another couple's token, is no pass for this one.
    expect(refusal(await slot(pass('B')))).toBe('PIN_REQUIRED');
    expect(refusal(await slot(undefined, ownerOf(other)))).toBe('PIN_REQUIRED');
    expect(refusal(await slot(undefined, ownerOf(code)))).toBeUndefined();
    const admitted = await slot(pass('A'));
    expect(admitted.errors).toBeUndefined();

    const uploaded = admitted.data!.requestPhotoUploads[0];
    expect((await putToSlot(uploaded, body)).status).toBe(200);
    const confirm = (given?: string) =>
      graphql<{ confirmPhotoUpload: LivePhoto }>(
        CONFIRM,
        { code, id: uploaded.uploadId },
        undefined,
        undefined,
        given,
      );
    expect(refusal(await confirm())).toBe('PIN_REQUIRED');
    expect((await confirm(pass('A'))).data?.confirmPhotoUpload.eventCode).toBe(code);
  });
});
