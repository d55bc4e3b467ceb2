import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { DataSource } from 'typeorm';
import {
  HEART_LIMITS,
  heartCountsSchema,
  heartCountsSubject,
  GUEST_RATE_LIMITS,
  type HeartCounts,
} from '@gallery/contracts';
import { EventBus, GuestIdentities } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import { startMedia, type GraphQLAnswer, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let bus: EventBus | undefined;
let db: DataSource;
let identities: GuestIdentities;

const graphql = <T>(query: string, variables: object, guestIdentity?: string) =>
  media!.graphql<T>(query, variables, { guestIdentity, client: '203.0.113.7' });

const createGallery = () => media!.createGallery({ plan: 'free' });

const SET_HEART = `mutation ($code: String!, $photoId: ID!, $hearted: Boolean!) {
  setHeart(eventCode: $code, photoId: $photoId, hearted: $hearted) { photoId heartCount hearted }
}`;
type HeartAnswer = GraphQLAnswer<{ setHeart: { photoId: string; heartCount: number; hearted: boolean } }>;
const setHeart = (code: string, photoId: string, hearted: boolean, guest?: string): Promise<HeartAnswer> =>
  graphql(SET_HEART, { code, photoId, hearted }, guest);

/** A photo row as a confirmed upload leaves it (its files play no part in hearts). */
const addPhoto = (code: string, createdAt?: Date) => media!.insertPhoto(code, { createdAt });

const guest = (): string => identities.issue().token;

/** Every heart counts message of a gallery from now on, as the gateway receives them. */
function followHeartCounts(code: string): { messages: HeartCounts[]; stop(): void } {
  const messages: HeartCounts[] = [];
  const subscription = bus!.nc.subscribe(heartCountsSubject(code), {
    callback: (_error, message) => {
      messages.push(heartCountsSchema.parse(message.json()));
    },
  });
  return { messages, stop: () => subscription.unsubscribe() };
}

beforeAll(async () => {
  media = await startMedia({
    bucket: 'media-hearts-test',
  });
  ({ bus, db, identities } = media);
});

afterAll(() => media?.stop());

describe('hearts', () => {
  it('keeps one heart per guest per photo: a second heart changes nothing, taking it back lowers the count', async () => {
    const code = await createGallery();
    const photoId = await addPhoto(code);
    const anna = guest();
    const ben = guest();

    expect((await setHeart(code, photoId, true, anna)).data?.setHeart).toEqual({
      photoId,
      heartCount: 1,
      hearted: true,
    });
    expect((await setHeart(code, photoId, true, anna)).data?.setHeart.heartCount).toBe(1);
    expect((await setHeart(code, photoId, true, ben)).data?.setHeart.heartCount).toBe(2);
    expect((await setHeart(code, photoId, false, anna)).data?.setHeart).toEqual({
      photoId,
      heartCount: 1,
      hearted: false,
    });
    expect((await setHeart(code, photoId, false, anna)).data?.setHeart.heartCount).toBe(1);
    expect(await db.query('SELECT guest_id FROM hearts WHERE photo_id = $1', [photoId])).toHaveLength(1);

    const mine = await graphql<{ myHeartedPhotoIds: string[] }>(
      'query ($code: String!) { myHeartedPhotoIds(eventCode: $code) }',
      { code },
      ben,
    );
    expect(mine.data?.myHeartedPhotoIds).toEqual([photoId]);
  });

  it('counts concurrent hearts of many guests exactly', async () => {
    const code = await createGallery();
    const photoId = await addPhoto(code);
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => setHeart(code, photoId, true, guest())),
    );
    expect(answers.every((answer) => !answer.errors)).toBe(true);
    const [row] = (await db.query('SELECT heart_count FROM photos WHERE id = $1', [photoId])) as {
      heart_count: number;
    }[];
    expect(row.heart_count).toBe(12);
  });

  it('refuses a heart without a guest identity, a forged one, or on a photo of another gallery', async () => {
    const code = await createGallery();
    const other = await createGallery();
    const photoId = await addPhoto(other);
    expect((await setHeart(code, photoId, true)).errors?.[0].extensions?.code).toBe(
      'GUEST_IDENTITY_REQUIRED',
    );
    const forged = `g1.${randomBytes(16).toString('base64url')}.${'A'.repeat(43)}`;
    expect((await setHeart(code, photoId, true, forged)).errors?.[0].extensions?.code).toBe(
      'GUEST_IDENTITY_REQUIRED',
    );
    expect((await setHeart(code, photoId, true, guest())).errors?.[0].extensions?.code).toBe(
      'PHOTO_NOT_FOUND',
    );
    expect((await setHeart(code, 'not-a-photo', true, guest())).errors?.[0].extensions?.code).toBe(
      'PHOTO_NOT_FOUND',
    );
  });

  it('sorts a gallery by most loved, newest first among equals, page after page', async () => {
    const code = await createGallery();
    const base = Date.now() - 60_000;
    const [old, middle, recent] = [
      await addPhoto(code, new Date(base)),
      await addPhoto(code, new Date(base + 1000)),
      await addPhoto(code, new Date(base + 2000)),
    ];
    for (const hearted of [guest(), guest()]) await setHeart(code, old, true, hearted);
    await setHeart(code, middle, true, guest());
    const PAGE = `query ($reps: [_Any!]!, $after: String) {
      _entities(representations: $reps) {
        ... on Event { photos(first: 2, after: $after, order: MOST_LOVED) { nodes { id heartCount } endCursor hasMore } }
      }
    }`;
    type Page = {
      _entities: {
        photos: { nodes: { id: string; heartCount: number }[]; endCursor: string; hasMore: boolean };
      }[];
    };
    const reps = [{ __typename: 'Event', code }];
    const first = await graphql<Page>(PAGE, { reps });
    expect(first.errors).toBeUndefined();
    expect(first.data!._entities[0].photos.nodes).toEqual([
      { id: old, heartCount: 2 },
      { id: middle, heartCount: 1 },
    ]);
    const second = await graphql<Page>(PAGE, { reps, after: first.data!._entities[0].photos.endCursor });
    expect(second.data!._entities[0].photos.nodes).toEqual([{ id: recent, heartCount: 0 }]);
    expect(second.data!._entities[0].photos.hasMore).toBe(false);
  });

  it('sends open screens the changed counts batched: many taps, one message per gallery and interval', async () => {
    const code = await createGallery();
    const photos = [await addPhoto(code), await addPhoto(code), await addPhoto(code)];
    const live = followHeartCounts(code);
    const guests = Array.from({ length: 10 }, guest);
    const started = Date.now();
    // 30 taps: every guest hearts every photo.
    await Promise.all(
      guests.map(async (g) => {
        for (const p of photos) await setHeart(code, p, true, g);
      }),
    );
    const tapsTookMs = Date.now() - started;
    await waitFor('the last counts', async () => {
      const latest = new Map<string, number>();
      for (const message of live.messages)
        for (const count of message.counts) latest.set(count.photoId, count.heartCount);
      return photos.every((p) => latest.get(p) === 10);
    });
    live.stop();
    // At most one message per interval the taps spanned (plus the one that was under way at either end).
    expect(live.messages.length).toBeLessThanOrEqual(Math.ceil(tapsTookMs / HEART_LIMITS.liveBatchMs) + 2);
    expect(live.messages.length).toBeLessThan(30 / 3);
  });

  it('cuts off a flood of taps from one guest with RATE_LIMITED', async () => {
    const code = await createGallery();
    const photoId = await addPhoto(code);
    const flooder = guest();
    const { points } = GUEST_RATE_LIMITS.heartToggles.perGuest;
    for (let tap = 0; tap < points; tap++) {
      expect((await setHeart(code, photoId, tap % 2 === 0, flooder)).errors).toBeUndefined();
    }
    const refused = await setHeart(code, photoId, true, flooder);
    expect(refused.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    // Another guest on the same network is not held up.
    expect((await setHeart(code, photoId, true, guest())).errors).toBeUndefined();
  });
});
