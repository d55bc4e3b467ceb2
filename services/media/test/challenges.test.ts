import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import pg from 'pg';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import {
  Requests,
  Subjects,
  type Challenge,
  type DomainEvent,
  type GalleryPhotosReply,
  type Subject,
} from '@gallery/contracts';
import { EventBus } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import { ChallengeRepository } from '../src/challenges/challenge.repository.js';
import { PhotosService } from '../src/photos/photos.service.js';
import { putToSlot, type Slot } from './guest-upload.js';
import { DAY, startMedia, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let bus: EventBus | undefined;
let db: DataSource;

const graphql = <T>(query: string, variables: object, authorization?: string) =>
  media!.graphql<T>(query, variables, { authorization });

const publish = <S extends Subject>(type: S, data: DomainEvent<S>['data']) => media!.publish(type, data);

const createGallery = () => media!.createGallery({ expiresAt: new Date(Date.now() + 30 * DAY) });

/** The couple's list as events publishes it, once media's read model holds it. */
async function setChallenges(code: string, prompts: string[]): Promise<Challenge[]> {
  const challenges = prompts.map((prompt) => ({ id: randomUUID(), prompt }));
  await publish(Subjects.ChallengesChanged, { code, challenges });
  await waitFor('the challenges in the read model', async () => {
    const rows: { id: string }[] = await db.query(
      'SELECT id FROM challenges WHERE event_code = $1 ORDER BY position',
      [code],
    );
    return rows.map((row) => row.id).join() === challenges.map((challenge) => challenge.id).join();
  });
  return challenges;
}

const REQUEST = `mutation ($code: String!, $files: [PhotoUploadRequest!]!, $challengeId: ID) {
  requestPhotoUploads(eventCode: $code, files: $files, challengeId: $challengeId) {
    uploadId uploadUrl headers { name value } multipart { partSize partCount }
  }
}`;
const CONFIRM = `mutation ($code: String!, $id: ID!) {
  confirmPhotoUpload(eventCode: $code, uploadId: $id) { id challengeId }
}`;

async function jpeg(): Promise<Buffer> {
  return sharp({ create: { width: 120, height: 80, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();
}

function requestSlot(code: string, size: number, challengeId?: string | null) {
  return graphql<{ requestPhotoUploads: Slot[] }>(REQUEST, {
    code,
    files: [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size }],
    challengeId,
  });
}

async function uploadPhoto(
  code: string,
  challengeId: string | null,
): Promise<{ id: string; challengeId: string | null }> {
  const body = await jpeg();
  const slots = await requestSlot(code, body.length, challengeId);
  expect(slots.errors).toBeUndefined();
  const slot = slots.data!.requestPhotoUploads[0];
  expect((await putToSlot(slot, body)).status).toBe(200);
  const confirmed = await graphql<{ confirmPhotoUpload: { id: string; challengeId: string | null } }>(
    CONFIRM,
    {
      code,
      id: slot.uploadId,
    },
  );
  expect(confirmed.errors).toBeUndefined();
  return confirmed.data!.confirmPhotoUpload;
}

interface EventView {
  challenges: { id: string; prompt: string; photoCount: number }[];
  photos: { nodes: { id: string; challengeId: string | null }[]; hasMore: boolean };
}

async function eventView(code: string, challengeId?: string): Promise<EventView> {
  const answer = await graphql<{ _entities: EventView[] }>(
    `
      query ($reps: [_Any!]!, $challengeId: ID) {
        _entities(representations: $reps) {
          ... on Event {
            challenges {
              id
              prompt
              photoCount
            }
            photos(first: 10, challengeId: $challengeId) {
              nodes {
                id
                challengeId
              }
              hasMore
            }
          }
        }
      }
    `,
    { reps: [{ __typename: 'Event', code }], challengeId },
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!._entities[0];
}

beforeAll(async () => {
  media = await startMedia({
    bucket: 'media-challenges-test',
    owners: { plan: 'standard', expiresInMs: 0 },
  });
  ({ bus, db } = media);
});

afterAll(() => media?.stop());

describe('photo challenges in media', () => {
  it('keeps the challenge a guest chose with the photo, in photo.uploaded too', async () => {
    const code = await createGallery();
    const [selfie] = await setChallenges(code, ['A selfie with the bride', 'The best dance move']);
    const uploaded = bus!.nc.subscribe(Subjects.PhotoUploaded);
    const photo = await uploadPhoto(code, selfie.id);
    expect(photo.challengeId).toBe(selfie.id);
    for await (const message of uploaded) {
      const event = message.json<DomainEvent<typeof Subjects.PhotoUploaded>>();
      if (event.data.photo.id !== photo.id) continue;
      expect(event.data.photo.challengeId).toBe(selfie.id);
      break;
    }
    expect((await uploadPhoto(code, null)).challengeId).toBeNull();
  });

  it("refuses a challenge that is not one of the gallery's, or no longer is", async () => {
    const code = await createGallery();
    const other = await createGallery();
    const [theirs] = await setChallenges(other, ['Shoes']);
    const [ours] = await setChallenges(code, ['Cake']);
    const size = (await jpeg()).length;
    for (const challengeId of [theirs.id, randomUUID(), 'not-a-uuid']) {
      const refused = await requestSlot(code, size, challengeId);
      expect(refused.errors?.[0]).toMatchObject({
        message: 'This challenge is no longer in the gallery. Choose another one.',
        extensions: { code: 'CHALLENGE_NOT_FOUND' },
      });
    }
    expect((await requestSlot(code, size, ours.id)).errors).toBeUndefined();
    await setChallenges(code, ['Something else']);
    expect((await requestSlot(code, size, ours.id)).errors?.[0].extensions?.code).toBe('CHALLENGE_NOT_FOUND');
  });

  it("filters the gallery by challenge and counts each challenge's photos, removals included", async () => {
    const code = await createGallery();
    const [selfie, dance, cake] = await setChallenges(code, ['Selfie', 'Dance', 'Cake']);
    const selfies = [await uploadPhoto(code, selfie.id), await uploadPhoto(code, selfie.id)];
    const danced = await uploadPhoto(code, dance.id);
    await uploadPhoto(code, null);

    const all = await eventView(code);
    expect(all.challenges).toEqual([
      { id: selfie.id, prompt: 'Selfie', photoCount: 2 },
      { id: dance.id, prompt: 'Dance', photoCount: 1 },
      { id: cake.id, prompt: 'Cake', photoCount: 0 },
    ]);
    expect(all.photos.nodes).toHaveLength(4);
    const filtered = await eventView(code, selfie.id);
    expect(filtered.photos.nodes.map((photo) => photo.id)).toEqual(
      selfies.map((photo) => photo.id).reverse(),
    );
    expect((await eventView(code, cake.id)).photos.nodes).toEqual([]);
    expect((await eventView(code, 'not-a-uuid')).photos.nodes).toEqual([]);

    // A removal lowers the count and goes out with the challenge, so open screens lower theirs.
    const deleted = bus!.nc.subscribe(Subjects.PhotoDeleted);
    const removed = await graphql(
      'mutation ($id: ID!) { removePhoto(id: $id) }',
      { id: danced.id },
      `Bearer owner-of-${code}`,
    );
    expect(removed.errors).toBeUndefined();
    for await (const message of deleted) {
      const event = message.json<DomainEvent<typeof Subjects.PhotoDeleted>>();
      if (event.data.photoId !== danced.id) continue;
      expect(event.data.challengeId).toBe(dance.id);
      break;
    }
    expect((await eventView(code)).challenges[1]).toEqual({ id: dance.id, prompt: 'Dance', photoCount: 0 });
  });

  it('answers a page and the counts beside it from one snapshot, whatever commits between their reads', async () => {
    // A screen that opens (or reconnects) while a photo is confirmed: the photo must be in its page and its counts,
    // or in neither (its photoAdded then counts it). Here it commits after the page was read and before the
    // challenges are counted.
    const code = await createGallery();
    const [selfie] = await setChallenges(code, ['A selfie with the bride']);
    const first = await uploadPhoto(code, selfie.id);
    const pageOf = PhotosService.prototype.page;
    const countedOf = ChallengeRepository.prototype.counted;
    let pageRead!: () => void;
    const pageWasRead = new Promise<void>((resolve) => (pageRead = resolve));
    let countMayGo!: () => void;
    const countGoes = new Promise<void>((resolve) => (countMayGo = resolve));
    const page = jest.spyOn(PhotosService.prototype, 'page').mockImplementation(async function (
      this: PhotosService,
      ...args
    ) {
      const read = await pageOf.apply(this, args);
      if (args[0] === code) pageRead();
      return read;
    });
    const counted = jest.spyOn(ChallengeRepository.prototype, 'counted').mockImplementation(async function (
      this: ChallengeRepository,
      ...args
    ) {
      if (args[0] === code) await countGoes;
      return countedOf.apply(this, args);
    });
    // Statements sent to a connection still running another (pg 9 refuses them): the fields must take turns.
    const sentWhileBusy: string[] = [];
    const clientQuery = pg.Client.prototype.query;
    const query = jest.spyOn(pg.Client.prototype, 'query').mockImplementation(function (
      this: pg.Client & { _activeQuery?: unknown },
      ...args: Parameters<typeof clientQuery>
    ) {
      if (this._activeQuery) sentWhileBusy.push(String(typeof args[0] === 'string' ? args[0] : args[0]));
      return clientQuery.apply(this, args);
    } as typeof clientQuery);
    try {
      const reading = graphql<{ _entities: (EventView & { photoCount: number })[] }>(
        `
          query ($reps: [_Any!]!) {
            _entities(representations: $reps) {
              ... on Event {
                photoCount
                photos(first: 10) {
                  nodes {
                    id
                    challengeId
                  }
                  hasMore
                }
                challenges {
                  id
                  photoCount
                }
              }
            }
          }
        `,
        { reps: [{ __typename: 'Event', code }] },
      );
      await pageWasRead;
      await uploadPhoto(code, selfie.id);
      countMayGo();
      const answer = await reading;
      expect(answer.errors).toBeUndefined();
      const seen = answer.data!._entities[0];
      expect(seen.photos.nodes.map((photo) => photo.id)).toEqual([first.id]);
      expect(seen.challenges).toEqual([{ id: selfie.id, photoCount: 1 }]);
      expect(seen.photoCount).toBe(1);
      expect(sentWhileBusy).toEqual([]);
    } finally {
      page.mockRestore();
      counted.mockRestore();
      query.mockRestore();
    }
    // The next read has both photos in both.
    const next = await eventView(code);
    expect(next.photos.nodes).toHaveLength(2);
    expect(next.challenges[0].photoCount).toBe(2);
    // Each request's transaction ended with its answer, and its connection went back to the pool.
    await waitFor('no read left open', async () => {
      const [{ open }] = (await db.query(
        `SELECT count(*)::int AS open FROM pg_stat_activity
          WHERE datname = current_database() AND state LIKE 'idle in transaction%'`,
      )) as { open: number }[];
      return open === 0;
    });
  });

  it("hands Download All each photo's prompt as the list has it now", async () => {
    const code = await createGallery();
    const [selfie] = await setChallenges(code, ['Selfie']);
    const photo = await uploadPhoto(code, selfie.id);
    const plain = await uploadPhoto(code, null);
    await publish(Subjects.ChallengesChanged, {
      code,
      challenges: [{ id: selfie.id, prompt: 'A selfie with the bride' }],
    });
    await waitFor(
      'the renamed prompt',
      async () =>
        (
          await db.query('SELECT 1 FROM challenges WHERE id = $1 AND prompt = $2', [
            selfie.id,
            'A selfie with the bride',
          ])
        ).length,
    );
    const reply = (
      await bus!.nc.request(Requests.GalleryPhotos, JSON.stringify({ code, limit: 10 }), { timeout: 5000 })
    ).json<GalleryPhotosReply>();
    const prompts = Object.fromEntries(reply.photos.map((entry) => [entry.id, entry.challengePrompt]));
    expect(prompts).toEqual({ [photo.id]: 'A selfie with the bride', [plain.id]: null });
  });

  it('forgets the challenges of a gallery that ends', async () => {
    const code = await createGallery();
    await setChallenges(code, ['Selfie']);
    await publish(Subjects.EventExpired, { code, reason: 'deleted' });
    await waitFor(
      'the purge',
      async () => (await db.query('SELECT 1 FROM challenges WHERE event_code = $1', [code])).length === 0,
    );
  });
});
