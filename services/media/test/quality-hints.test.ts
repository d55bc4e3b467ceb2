import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { DOMAIN_STREAM, Subjects, type DomainEvent } from '@gallery/contracts';
import { durableName } from '@gallery/platform';
import { facesFolder, labeledSet, waitFor, type QualityLabel } from '@gallery/testing';
import { GalleryPhotosResponder } from '../src/photos/gallery-photos.responder.js';
import { PhotoFacesConsumer } from '../src/quality/photo-faces.consumer.js';
import { DAY, ownerOf, startMedia, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let app: INestApplication | undefined;

const graphql = <T>(query: string, variables: object, authorization?: string) =>
  media!.graphql<T>(query, variables, { authorization });

interface Hints {
  blurry: boolean;
  dark: boolean;
  nearDuplicateOf: string | null;
  bestOfSimilar: boolean;
}
interface Queue {
  reviewQueue: {
    shownCount: number;
    hiddenCount: number;
    hintCounts: { blurry: number; dark: number; nearDuplicate: number };
    photos: { nodes: { id: string }[] };
    photoHints: (Hints & { photoId: string })[];
  };
}
const QUEUE = `query ($code: String!, $state: ReviewQueueState, $hint: PhotoHint) {
  reviewQueue(eventCode: $code, state: $state, hint: $hint, first: 100) {
    shownCount hiddenCount hintCounts { blurry dark nearDuplicate }
    photos { nodes { id } }
    photoHints { photoId blurry dark nearDuplicateOf bestOfSimilar }
  }
}`;
const HIDE_ALL = `mutation ($code: String!, $state: ReviewQueueState!, $hint: PhotoHint!) {
  hidePhotosWithHint(eventCode: $code, state: $state, hint: $hint)
}`;
const HIGHLIGHTS = `query ($reps: [_Any!]!) {
  _entities(representations: $reps) { ... on Event { photos(first: 100, order: HIGHLIGHTS) { nodes { id } } } }
}`;

beforeAll(async () => {
  media = await startMedia({
    bucket: 'media-quality-test',
    owners: { plan: 'standard', expiresInMs: DAY },
  });
  ({ app } = media);
});

afterAll(() => media?.stop());

describe('quality hints on the couple’s queue', () => {
  let code: string;
  /** Each uploaded photo's labels, by photo id. */
  const labels = new Map<string, ReadonlySet<QualityLabel>>();

  beforeAll(async () => {
    code = await media!.createGallery({ plan: 'standard' });
    // One group photo's eight shots: good, out of focus, dark, a burst pair, a two-phone pair, good, shaken, dark.
    for (const photo of await labeledSet(facesFolder(), 1))
      labels.set(await media!.uploadPhoto(code, photo.bytes), photo.labels);
  }, 120_000);

  it('marks each photo with the hints its label says, approval off (the photos guests see)', async () => {
    const queue = await graphql<Queue>(QUEUE, { code, state: 'SHOWN' }, ownerOf(code));
    expect(queue.errors).toBeUndefined();
    const { photoHints, photos } = queue.data!.reviewQueue;
    // One hint set for each photo of the page.
    expect(photoHints.map((hints) => hints.photoId).sort()).toEqual(
      photos.nodes.map((photo) => photo.id).sort(),
    );
    const said = photoHints.map((hints) => {
      const kinds = [
        hints.blurry && 'blurry',
        hints.dark && 'dark',
        hints.nearDuplicateOf && 'nearDuplicate',
      ];
      return [hints.photoId, kinds.filter(Boolean).join(',')] as const;
    });
    const expected = [...labels].map(([id, photoLabels]) => [id, [...photoLabels].join(',')] as const);
    expect(new Map(said)).toEqual(new Map(expected));
    expect(queue.data!.reviewQueue.hintCounts).toEqual({ blurry: 2, dark: 2, nearDuplicate: 4 });
    // In each pair, one is the best and names the other; the other names it.
    const duplicates = photoHints.filter((hints) => hints.nearDuplicateOf);
    for (const hints of duplicates) {
      const other = duplicates.find((each) => each.photoId === hints.nearDuplicateOf)!;
      expect(other.nearDuplicateOf).toBe(hints.photoId);
      expect(other.bestOfSimilar).toBe(!hints.bestOfSimilar);
    }
  });

  it('keeps blurry, dark and doubled photos out of Highlights', async () => {
    const answer = await graphql<{ _entities: { photos: { nodes: { id: string }[] } }[] }>(HIGHLIGHTS, {
      reps: [{ __typename: 'Event', code }],
    });
    expect(answer.errors).toBeUndefined();
    const picked = answer.data!._entities[0]!.photos.nodes.map((photo) => photo.id);
    const bad = picked.filter((id) => labels.get(id)!.has('blurry') || labels.get(id)!.has('dark'));
    expect(bad).toEqual([]);
    // All four good shots, and one of each near-duplicate pair.
    expect(picked).toHaveLength(4);
  });

  it('lists only the Highlights to the zip of that layout, oldest first', async () => {
    const highlights = await graphql<{ _entities: { photos: { nodes: { id: string }[] } }[] }>(HIGHLIGHTS, {
      reps: [{ __typename: 'Event', code }],
    });
    const picked = highlights.data!._entities[0]!.photos.nodes.map((photo) => photo.id);
    const page = await app!.get(GalleryPhotosResponder).page({ code, limit: 500, highlights: true });
    expect(page.photos.map((photo) => photo.id).sort()).toEqual([...picked].sort());
    const times = page.photos.map((photo) => photo.createdAt);
    expect(times).toEqual([...times].sort());
  });

  it('hides nothing for a guest, and all of one hint for the couple', async () => {
    const refused = await graphql(HIDE_ALL, { code, state: 'SHOWN', hint: 'BLURRY' });
    expect(refused.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');

    const blurry = await graphql<{ hidePhotosWithHint: number }>(
      HIDE_ALL,
      { code, state: 'SHOWN', hint: 'BLURRY' },
      ownerOf(code),
    );
    expect(blurry.data?.hidePhotosWithHint).toBe(2);
    const doubled = await graphql<{ hidePhotosWithHint: number }>(
      HIDE_ALL,
      { code, state: 'SHOWN', hint: 'NEAR_DUPLICATE' },
      ownerOf(code),
    );
    expect(doubled.data?.hidePhotosWithHint).toBe(2);

    const queue = await graphql<Queue>(QUEUE, { code, state: 'SHOWN' }, ownerOf(code));
    expect(queue.data!.reviewQueue).toMatchObject({
      shownCount: 6,
      hiddenCount: 4,
      hintCounts: { blurry: 0, dark: 2, nearDuplicate: 0 },
    });
    // The hidden near-duplicates still name the best kept of their pair.
    const hidden = await graphql<Queue>(
      QUEUE,
      { code, state: 'HIDDEN', hint: 'NEAR_DUPLICATE' },
      ownerOf(code),
    );
    expect(hidden.data!.reviewQueue.photos.nodes).toHaveLength(2);
  });
});

describe('faces in Highlights', () => {
  let code: string;
  let people: string;
  let empty: string;

  const highlights = async () => {
    const answer = await graphql<{ _entities: { photos: { nodes: { id: string }[] } }[] }>(HIGHLIGHTS, {
      reps: [{ __typename: 'Event', code }],
    });
    expect(answer.errors).toBeUndefined();
    return answer.data!._entities[0]!.photos.nodes.map((photo) => photo.id);
  };
  const faceCount = async (id: string) =>
    (
      (await media!.db.query('SELECT face_count FROM photos WHERE id = $1', [id])) as { face_count: number }[]
    )[0]!.face_count;
  const counted = (photoId: string, faces: number): DomainEvent<typeof Subjects.PhotoFacesCounted> => ({
    id: randomUUID(),
    type: Subjects.PhotoFacesCounted,
    occurredAt: new Date().toISOString(),
    data: { eventCode: code, photoId, faces },
  });
  /** Waits until the consumer has handled and acked everything JetStream holds for it. */
  const drained = () =>
    waitFor('the faces consumer to catch up', async () => {
      const durable = durableName(PhotoFacesConsumer.NAME, [
        Subjects.PhotoFacesCounted,
        Subjects.FindMeChanged,
      ]);
      const info = await (await media!.bus.js.consumers.get(DOMAIN_STREAM, durable)).info();
      return info.num_pending === 0 && info.num_ack_pending === 0;
    });

  beforeAll(async () => {
    code = await media!.createGallery({ plan: 'standard' });
    // Two photos alike in every measure but their faces, from two guests.
    [people, empty] = [
      await media!.insertPhoto(code, { uploaderId: 'guest-a' }),
      await media!.insertPhoto(code, { uploaderId: 'guest-b' }),
    ];
    await media!.db.query(
      'UPDATE photos SET sharpness = 100, brightness = 120, highlights = 210 WHERE event_code = $1',
      [code],
    );
  });

  it('ranks a photo with people above an empty one of equal quality, as the faces service counts them', async () => {
    for (const [id, faces] of [
      [empty, 0],
      [people, 2],
    ] as const) {
      const event = counted(id, faces);
      await media!.publish(event.type, event.data, event.id);
    }
    await waitFor(
      'both counts kept',
      async () => (await faceCount(people)) === 2 && (await faceCount(empty)) === 0,
    );
    expect(await highlights()).toEqual([people, empty]);

    // Looked at again: the other way round.
    const first = counted(people, 0);
    await media!.publish(first.type, first.data, first.id);
    const second = counted(empty, 3);
    await media!.publish(second.type, second.data, second.id);
    await waitFor(
      'the new counts kept',
      async () => (await faceCount(people)) === 0 && (await faceCount(empty)) === 3,
    );
    expect(await highlights()).toEqual([empty, people]);
  });

  it('changes nothing for a redelivered count', async () => {
    const stale = counted(people, 5);
    await media!.publish(stale.type, stale.data, stale.id);
    await waitFor('the count kept', async () => (await faceCount(people)) === 5);
    const fresh = counted(people, 0);
    await media!.publish(fresh.type, fresh.data, fresh.id);
    await waitFor('the newer count kept', async () => (await faceCount(people)) === 0);
    // Without a message id JetStream stores it again: a real second delivery of the same event.
    await media!.bus.js.publish(stale.type, JSON.stringify(stale));
    await drained();
    expect(await faceCount(people)).toBe(0);
    expect(await highlights()).toEqual([empty, people]);
    const marks: unknown[] = await media!.db.query(
      'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2',
      [PhotoFacesConsumer.NAME, stale.id],
    );
    expect(marks).toHaveLength(1);
  });

  it('forgets every count of the gallery when its couple turns "Find me" off', async () => {
    await media!.publish(Subjects.FindMeChanged, { code, on: false });
    await waitFor('the counts unknown', async () => (await faceCount(empty)) === null);
    expect(await faceCount(people)).toBeNull();
  });
});
