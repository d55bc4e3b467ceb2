import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { galleryCodeFromBytes, type PhotoReviewState } from '@gallery/contracts';
import { DAY, ownerOf, startMedia, type GraphQLAnswer, type MediaHarness } from './harness.js';

// The couple's analytics: who shared most (owner only), read from the photos media holds.

let media: MediaHarness | undefined;

const TOP = `query ($code: String!) { topSharers(eventCode: $code) { guestName photoCount heartCount } }`;
type TopAnswer = GraphQLAnswer<{
  topSharers: { guestName: string | null; photoCount: number; heartCount: number }[];
} | null>;

const topSharers = (code: string, authorization?: string): Promise<TopAnswer> =>
  media!.graphql(TOP, { code }, { authorization, client: '203.0.113.9' });

interface Shared {
  uploader: string | null;
  name: string | null;
  hearts?: number;
  review?: PhotoReviewState;
}

/** A gallery's photos, a second apart from a day ago, in the order given; its code. */
async function addPhotos(photos: Shared[]): Promise<string> {
  const code = galleryCodeFromBytes(randomBytes(8));
  for (const [index, photo] of photos.entries()) {
    await media!.insertPhoto(code, {
      createdAt: new Date(Date.now() - DAY + index * 1000),
      uploaderId: photo.uploader,
      guestName: photo.name,
      heartCount: photo.hearts,
      review: photo.review,
    });
  }
  return code;
}

beforeAll(async () => {
  // The events service's owner check: the couple of each gallery is whoever sends ownerOf(code).
  media = await startMedia({ bucket: 'media-sharers-test', owners: { plan: 'free', expiresInMs: 0 } });
});

afterAll(() => media?.stop());

describe('top sharers', () => {
  it('ranks guests by the photos the gallery shows, by their latest name, "no name" kept as null', async () => {
    const code = await addPhotos([
      // One browser: named Ana, then Anna: one guest, known by the latest name.
      { uploader: 'browser-ana', name: 'Ana', hearts: 1 },
      { uploader: 'browser-ana', name: 'Anna', hearts: 2 },
      { uploader: 'browser-ana', name: null },
      // A guest who never gave a name.
      { uploader: 'browser-x', name: null, hearts: 5 },
      { uploader: 'browser-x', name: null },
      // Waiting for approval, or the couple's own: not counted.
      { uploader: 'browser-marc', name: 'Marc', review: 'waiting' },
      { uploader: null, name: null },
      // No identity (an older upload): known by its name.
      { uploader: null, name: 'Lucía' },
    ]);

    const answer = await topSharers(code, ownerOf(code));
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.topSharers).toEqual([
      { guestName: 'Anna', photoCount: 3, heartCount: 3 },
      { guestName: null, photoCount: 2, heartCount: 5 },
      { guestName: 'Lucía', photoCount: 1, heartCount: 0 },
    ]);
  });

  it('answers the owner only', async () => {
    const code = await addPhotos([{ uploader: 'browser-a', name: 'Anna' }]);
    expect((await topSharers(code)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await topSharers(code, 'Bearer someone-else')).errors?.[0]?.extensions?.code).toBe(
      'NOT_GALLERY_OWNER',
    );
  });
});
