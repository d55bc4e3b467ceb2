import { describe, expect, it } from '@jest/globals';
import type { Photo, PhotoPage } from '../api/photos';
import { EMPTY_PHOTO_LIST, isReleased, photoListReducer, type PhotoListState } from './photoList';

const photo = (id: string): Photo => ({
  createdAt: `2026-06-01T12:00:${id.slice(1).padStart(2, '0')}Z`,
  id,
  eventCode: 'ACDE3467',
  thumbnailUrl: `/media/photos/${id}/thumbnail`,
  previewUrl: `/media/photos/${id}/preview`,
  originalUrl: `/media/photos/${id}/original`,
  width: 800,
  height: 600,
  kind: 'photo',
  durationSeconds: null,
  guestName: null,
  challengeId: null,
  uploaderId: null,
});
const page = (ids: string[], hasMore = false, endCursor: string | null = null): PhotoPage => ({
  nodes: ids.map(photo),
  hasMore,
  endCursor,
});
const ids = (state: PhotoListState) => state.photos.map((p) => p.id);

describe('photo list', () => {
  const opened = photoListReducer(EMPTY_PHOTO_LIST, {
    type: 'firstPage',
    page: page(['p5', 'p4', 'p3'], true, 'c3'),
    photoCount: 5,
  });

  it('starts from the first page', () => {
    expect(opened).toMatchObject({ initialized: true, photoCount: 5, hasMore: true, endCursor: 'c3' });
    expect(ids(opened)).toEqual(['p5', 'p4', 'p3']);
  });

  it('replaces what it held with a page read after the couple changed who sees which photos', () => {
    const more = photoListReducer(opened, {
      type: 'nextPage',
      after: 'c3',
      page: page(['p2', 'p1'], false, 'c1'),
    });
    const dropBox = photoListReducer(more, {
      type: 'firstPage',
      page: page(['p4'], false, 'c4'),
      photoCount: 1,
      replace: true,
    });

    expect(ids(dropBox)).toEqual(['p4']);
    expect(dropBox).toMatchObject({ photoCount: 1, hasMore: false, endCursor: 'c4' });
    // Without it, a first page read again keeps what the screen already showed.
    expect(
      ids(photoListReducer(more, { type: 'firstPage', page: page(['p4'], false), photoCount: 1 })),
    ).toContain('p1');
  });

  it('appends the next page without repeats', () => {
    const next = photoListReducer(opened, {
      type: 'nextPage',
      after: 'c3',
      page: page(['p3', 'p2', 'p1'], false, 'c1'),
    });
    expect(ids(next)).toEqual(['p5', 'p4', 'p3', 'p2', 'p1']);
    expect(next).toMatchObject({ hasMore: false, endCursor: 'c1', photoCount: 5 });
  });

  it('prepends a new photo once and bumps the count', () => {
    const added = photoListReducer(opened, { type: 'added', photo: photo('p6'), live: true });
    expect(ids(added)).toEqual(['p6', 'p5', 'p4', 'p3']);
    expect(added).toMatchObject({ photoCount: 6, liveArrivals: 1 });
    const echoed = photoListReducer(added, { type: 'added', photo: photo('p6'), live: true });
    expect(echoed).toBe(added);
    const own = photoListReducer(added, { type: 'added', photo: photo('p7'), live: false });
    expect(own).toMatchObject({ photoCount: 7, liveArrivals: 1 });
  });

  it("takes the waiting mark off the uploader's own photo when its approved copy arrives live", () => {
    const waiting = photoListReducer(opened, {
      type: 'added',
      photo: { ...photo('p6'), awaitingApproval: true },
      live: false,
    });
    expect((waiting.photos[0] as Photo).awaitingApproval).toBe(true);
    const approved = photoListReducer(waiting, { type: 'added', photo: photo('p6'), live: true });
    expect(ids(approved)).toEqual(['p6', 'p5', 'p4', 'p3']);
    expect((approved.photos[0] as Photo).awaitingApproval).toBe(false);
    expect(approved).toMatchObject({ photoCount: waiting.photoCount, liveArrivals: waiting.liveArrivals });
  });

  it('merges a re-read first page, keeping older loaded photos and their paging', () => {
    const loaded = photoListReducer(opened, {
      type: 'nextPage',
      after: 'c3',
      page: page(['p2', 'p1'], false, null),
    });
    const reread = photoListReducer(loaded, {
      type: 'firstPage',
      page: page(['p8', 'p7', 'p5'], true, 'c5'),
      photoCount: 8,
    });
    expect(ids(reread)).toEqual(['p8', 'p7', 'p5', 'p4', 'p3', 'p2', 'p1']);
    expect(reread).toMatchObject({ photoCount: 8, hasMore: false, endCursor: null });
  });

  it('keeps newer live photos on top, counted, when the same first page comes again', () => {
    const live = photoListReducer(opened, { type: 'added', photo: photo('p6'), live: true });
    const again = photoListReducer(live, {
      type: 'firstPage',
      page: page(['p5', 'p4', 'p3'], true, 'c3'),
      photoCount: 5,
    });
    expect(ids(again)).toEqual(['p6', 'p5', 'p4', 'p3']);
    expect(again).toMatchObject({ endCursor: 'c3', hasMore: true, photoCount: 6 });
  });

  it('replaces the list when a full first page shares nothing with it', () => {
    const reread = photoListReducer(opened, {
      type: 'firstPage',
      page: page(['p40', 'p39', 'p38'], true, 'c38'),
      photoCount: 40,
    });
    expect(ids(reread)).toEqual(['p40', 'p39', 'p38']);
    expect(reread).toMatchObject({ endCursor: 'c38', hasMore: true });
  });
});

describe('photo list, whatever the order of arrival', () => {
  const livePhoto = (id: string) => ({ type: 'added' as const, photo: photo(id), live: true });
  const firstPage = (pageIds: string[], photoCount: number, hasMore = false) => ({
    type: 'firstPage' as const,
    page: page(pageIds, hasMore, hasMore ? `c-${pageIds[pageIds.length - 1]}` : null),
    photoCount,
  });

  it('keeps a photo that arrived live before the first read answered, when the read predates it', () => {
    const live = photoListReducer(EMPTY_PHOTO_LIST, livePhoto('p6'));
    const read = photoListReducer(live, firstPage(['p5', 'p4', 'p3'], 5, true));
    expect(ids(read)).toEqual(['p6', 'p5', 'p4', 'p3']);
    expect(read).toMatchObject({ initialized: true, photoCount: 6, hasMore: true, endCursor: 'c-p3' });
  });

  it('shows once a photo that arrived live and is also in the first read', () => {
    const live = photoListReducer(EMPTY_PHOTO_LIST, livePhoto('p6'));
    const read = photoListReducer(live, firstPage(['p6', 'p5'], 2));
    expect(ids(read)).toEqual(['p6', 'p5']);
    expect(read.photoCount).toBe(2);
  });

  it('keeps a live photo that came before the read of an empty gallery', () => {
    const live = photoListReducer(EMPTY_PHOTO_LIST, livePhoto('p1'));
    const read = photoListReducer(live, firstPage([], 0));
    expect(ids(read)).toEqual(['p1']);
    expect(read).toMatchObject({ photoCount: 1, hasMore: false });
  });

  it('ignores the live copy of a photo the first read already showed', () => {
    const read = photoListReducer(EMPTY_PHOTO_LIST, firstPage(['p6', 'p5'], 2));
    const echo = photoListReducer(read, livePhoto('p6'));
    expect(echo).toBe(read);
  });

  it('merges a re-read after a reconnect with live photos from both sides of it', () => {
    let state = photoListReducer(EMPTY_PHOTO_LIST, firstPage(['p3', 'p2', 'p1'], 3));
    state = photoListReducer(state, livePhoto('p4'));
    state = photoListReducer(state, livePhoto('p7'));
    state = photoListReducer(state, firstPage(['p6', 'p5', 'p4', 'p3', 'p2', 'p1'], 6));
    state = photoListReducer(state, livePhoto('p6'));
    expect(ids(state)).toEqual(['p7', 'p6', 'p5', 'p4', 'p3', 'p2', 'p1']);
    expect(state.photoCount).toBe(7);
  });

  it('drops a removed photo and takes the count the removal carries, even twice or for an unseen photo', () => {
    let state = photoListReducer(EMPTY_PHOTO_LIST, {
      type: 'firstPage',
      page: page(['p3', 'p2', 'p1']),
      photoCount: 3,
    });
    state = photoListReducer(state, { type: 'removed', photoId: 'p2', photoCount: 2 });
    expect(ids(state)).toEqual(['p3', 'p1']);
    expect(state.photoCount).toBe(2);
    state = photoListReducer(state, { type: 'removed', photoId: 'p2', photoCount: 2 });
    state = photoListReducer(state, { type: 'removed', photoId: 'p9', photoCount: 1 });
    expect(ids(state)).toEqual(['p3', 'p1']);
    expect(state.photoCount).toBe(1);
  });

  it("moves each challenge's count with photos added live, read, and removed, a removal heard twice once", () => {
    const ofChallenge = (id: string, challengeId: string): Photo => ({ ...photo(id), challengeId });
    let state = photoListReducer(EMPTY_PHOTO_LIST, {
      type: 'firstPage',
      page: { nodes: [ofChallenge('p2', 'dance'), photo('p1')], hasMore: false, endCursor: null },
      photoCount: 2,
      challengeCounts: { dance: 4, cake: 0 },
    });
    expect(state.challengeCounts).toEqual({ dance: 4, cake: 0 });
    state = photoListReducer(state, { type: 'added', photo: ofChallenge('p3', 'cake'), live: true });
    state = photoListReducer(state, { type: 'added', photo: ofChallenge('p3', 'cake'), live: true });
    state = photoListReducer(state, { type: 'added', photo: photo('p4'), live: true });
    expect(state.challengeCounts).toEqual({ dance: 4, cake: 1 });
    // This screen's own removal, then the live one.
    state = photoListReducer(state, { type: 'removed', photoId: 'p2', photoCount: 3 });
    state = photoListReducer(state, { type: 'removed', photoId: 'p2', photoCount: 3, challengeId: 'dance' });
    // A photo this screen never loaded: the removal says its challenge.
    state = photoListReducer(state, { type: 'removed', photoId: 'p0', photoCount: 2, challengeId: 'dance' });
    expect(state.challengeCounts).toEqual({ dance: 2, cake: 1 });
  });

  it("moves each table's count with photos added live, read, and removed, a removal heard twice once", () => {
    const ofTable = (id: string, tableNumber: number): Photo => ({ ...photo(id), tableNumber });
    let state = photoListReducer(EMPTY_PHOTO_LIST, {
      type: 'firstPage',
      page: { nodes: [ofTable('p2', 5), photo('p1')], hasMore: false, endCursor: null },
      photoCount: 2,
      tableCounts: { 5: 3 },
    });
    expect(state.tableCounts).toEqual({ 5: 3 });
    state = photoListReducer(state, { type: 'added', photo: ofTable('p3', 5), live: true });
    state = photoListReducer(state, { type: 'added', photo: ofTable('p3', 5), live: true });
    state = photoListReducer(state, { type: 'added', photo: ofTable('p4', 8), live: true });
    state = photoListReducer(state, { type: 'added', photo: photo('p5'), live: true });
    expect(state.tableCounts).toEqual({ 5: 4, 8: 1 });
    // This screen's own removal, then the live one.
    state = photoListReducer(state, { type: 'removed', photoId: 'p2', photoCount: 4 });
    state = photoListReducer(state, { type: 'removed', photoId: 'p2', photoCount: 4, tableNumber: 5 });
    // A photo this screen never loaded: the removal says its table.
    state = photoListReducer(state, { type: 'removed', photoId: 'p0', photoCount: 3, tableNumber: 8 });
    expect(state.tableCounts).toEqual({ 5: 3, 8: 0 });
  });

  it("counts a table's photos that arrived live while the first page was read on top of the read's counts", () => {
    const ofTable = (id: string, tableNumber: number): Photo => ({
      ...photo(id),
      tableNumber,
      createdAt: '2027-06-01T12:00:00.000Z',
    });
    let state = photoListReducer(EMPTY_PHOTO_LIST, { type: 'added', photo: ofTable('p9', 2), live: true });
    state = photoListReducer(state, {
      type: 'firstPage',
      page: {
        nodes: [{ ...photo('p1'), createdAt: '2027-06-01T11:00:00.000Z' }],
        hasMore: false,
        endCursor: null,
      },
      photoCount: 1,
      tableCounts: { 2: 4 },
    });
    expect(state.tableCounts).toEqual({ 2: 5 });
  });

  describe('a long scroll', () => {
    const range = (from: number, to: number) =>
      Array.from({ length: from - to + 1 }, (_, at) => `p${String(from - at).padStart(2, '0')}`);
    // The first page p20-p18, then the pages read after c18 (p17-p13) and after c13 (p12-p08).
    let scrolled = photoListReducer(EMPTY_PHOTO_LIST, {
      type: 'firstPage',
      page: page(range(20, 18), true, 'c18'),
      photoCount: 13,
    });
    scrolled = photoListReducer(scrolled, {
      type: 'nextPage',
      after: 'c18',
      page: page(range(17, 13), true, 'c13'),
    });
    scrolled = photoListReducer(scrolled, {
      type: 'nextPage',
      after: 'c13',
      page: page(range(12, 8), false, null),
    });
    const releasedIds = (state: PhotoListState) => state.photos.filter(isReleased).map((p) => p.id);

    it("releases older pages' photos away from the screen, keeping their places, ids and pages' cursors", () => {
      const far = photoListReducer(scrolled, { type: 'release', from: 9, to: 12 });
      expect(ids(far)).toEqual(ids(scrolled));
      expect(releasedIds(far)).toEqual(range(17, 13).concat(range(12, 12)));
      expect(far.photos[3]).toEqual({
        id: 'p17',
        createdAt: photo('p17').createdAt,
        released: true,
        after: 'c18',
      });
      expect(far.photos[8]).toMatchObject({ id: 'p12', after: 'c13' });
      // The first page stays whole wherever the guest is.
      expect(far.photos.slice(0, 3).some(isReleased)).toBe(false);
      // Nothing more to release: the same state, so nothing renders again.
      expect(photoListReducer(far, { type: 'release', from: 9, to: 12 })).toBe(far);
      expect(photoListReducer(scrolled, { type: 'release', from: 0, to: 12 })).toBe(scrolled);
    });

    it('brings released photos back whole from their page read again', () => {
      const far = photoListReducer(scrolled, { type: 'release', from: 0, to: 2 });
      const back = photoListReducer(far, {
        type: 'refill',
        after: 'c18',
        page: page(range(17, 13), true, 'c13'),
      });
      expect(ids(back)).toEqual(ids(scrolled));
      expect(releasedIds(back)).toEqual(range(12, 8));
      expect(back.photos[3]).toEqual(photo('p17'));
    });

    it('drops a released photo removed meanwhile, and reads on for one the read did not reach', () => {
      const far = photoListReducer(scrolled, { type: 'release', from: 0, to: 2 });
      // p15 was removed; two photos approved meanwhile came before p13 and p14 in the page.
      const read = page(['p17', 'p16', 'p16a', 'p16b', 'p14'], true, 'c14');
      const back = photoListReducer(far, { type: 'refill', after: 'c18', page: read });
      expect(ids(back)).toEqual([...range(20, 16), 'p14', 'p13', ...range(12, 8)]);
      expect(back.photos[6]).toMatchObject({ id: 'p13', released: true, after: 'c14' });
      // A read to the end leaves nothing to read on: what it did not bring is gone.
      const end = photoListReducer(back, { type: 'refill', after: 'c14', page: page([], false, null) });
      expect(ids(end)).not.toContain('p13');
    });

    it("starts a page at its next photo when its first is removed, so it is released with the page's cursor", () => {
      const without = photoListReducer(scrolled, { type: 'removed', photoId: 'p17', photoCount: 12 });
      const far = photoListReducer(without, { type: 'release', from: 0, to: 2 });
      expect(far.photos[3]).toMatchObject({ id: 'p16', after: 'c18' });
      expect(far.photos[7]).toMatchObject({ id: 'p12', after: 'c13' });
    });

    it('adds no second copy of a released photo heard again live, and keeps released ones through a re-read', () => {
      const far = photoListReducer(scrolled, { type: 'release', from: 0, to: 2 });
      expect(photoListReducer(far, { type: 'added', photo: photo('p15'), live: true })).toBe(far);
      const reread = photoListReducer(far, {
        type: 'firstPage',
        page: page(['p21', ...range(20, 19)], true, 'c19'),
        photoCount: 14,
      });
      expect(ids(reread)).toEqual(['p21', ...ids(scrolled)]);
      expect(releasedIds(reread)).toEqual(releasedIds(far));
    });
  });
});
