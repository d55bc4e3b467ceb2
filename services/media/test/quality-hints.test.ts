import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import { facesFolder, labeledSet, type QualityLabel } from '@gallery/testing';
import { GalleryPhotosResponder } from '../src/photos/gallery-photos.responder.js';
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
