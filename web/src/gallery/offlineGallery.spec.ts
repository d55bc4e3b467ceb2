import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import type { GalleryEvent } from './graphql';
import type { Photo } from '../api/photos';
import { readSnapshot, saveSnapshot, SNAPSHOT_PHOTOS } from './offlineGallery';

const stored = new Map<string, string>();
let writes = 0;
const fakeStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => {
    writes++;
    stored.set(key, value);
  },
  removeItem: (key: string) => void stored.delete(key),
};

const event = {
  code: 'ABCD2345',
  name: 'Anna & Luis',
  isOwner: true,
  photos: { nodes: [], endCursor: null, hasMore: true },
} as unknown as GalleryEvent;
const photoNumber = (at: number) => ({ id: `photo-${at}`, createdAt: '2027-06-12T21:41:07.000Z' }) as Photo;

describe("the gallery's snapshot for a visit without a network", () => {
  beforeEach(() => {
    stored.clear();
    writes = 0;
    Object.defineProperty(globalThis, 'localStorage', { value: fakeStorage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it("keeps the first screens' photos, never the couple's actions", () => {
    const photos = Array.from({ length: SNAPSHOT_PHOTOS + 40 }, (_, at) => photoNumber(at));
    saveSnapshot(event, photos);
    const snapshot = readSnapshot('ABCD2345');
    expect(snapshot?.photos.map((photo) => photo.id)).toEqual(
      photos.slice(0, SNAPSHOT_PHOTOS).map((photo) => photo.id),
    );
    expect(snapshot?.event.isOwner).toBe(false);
  });

  it('is not written again for a page of older photos, and is for a photo arriving on top', () => {
    const first = Array.from({ length: SNAPSHOT_PHOTOS + 40 }, (_, at) => photoNumber(at));
    saveSnapshot(event, first);
    expect(writes).toBe(1);
    // A guest scrolls: 100 older photos join the end of the list, the first screens are the same.
    const scrolled = [...first, ...Array.from({ length: 100 }, (_, at) => photoNumber(1000 + at))];
    saveSnapshot(event, scrolled);
    expect(writes).toBe(1);
    const arrived = [photoNumber(5000), ...scrolled];
    saveSnapshot(event, arrived);
    expect(writes).toBe(2);
    expect(readSnapshot('ABCD2345')?.photos[0].id).toBe('photo-5000');
  });

  it('keeps the snapshot as it was while part of the first screens is released far from the guest', () => {
    const first = Array.from({ length: SNAPSHOT_PHOTOS + 40 }, (_, at) => photoNumber(at));
    saveSnapshot(event, first);
    const releasedOne = {
      id: 'photo-45',
      createdAt: first[45].createdAt,
      released: true as const,
      after: 'c30',
    };
    saveSnapshot(event, [photoNumber(5000), ...first.slice(0, 45), releasedOne, ...first.slice(46)]);
    expect(writes).toBe(1);
    expect(readSnapshot('ABCD2345')?.photos[45]).toEqual(first[45]);
  });
});
