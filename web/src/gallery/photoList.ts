import type { Photo, PhotoPage } from '../api/photos';

/**
 * A photo of an older page that the screen let go of, far from where the guest looks (see `release`): its id and
 * time keep its place in the list, and the cursor its page was read after reads it again when the guest comes
 * back near it. So a guest scrolling through ten thousand photos holds a few hundred, not all of them.
 */
export interface ReleasedPhoto {
  id: string;
  createdAt: string;
  released: true;
  /** The cursor the photo's page was read after. */
  after: string;
}

/** A photo of the list: held whole, or released until it comes near the screen again. */
export type ListedPhoto = Photo | ReleasedPhoto;

export function isReleased(photo: ListedPhoto): photo is ReleasedPhoto {
  return (photo as ReleasedPhoto).released === true;
}

/** An older page as it was read: the cursor it followed and its first photo, where it starts in the list. */
interface ReadPage {
  after: string;
  firstId: string;
}

/** The photos a gallery screen shows, newest first, with the paging state and the live count. */
export interface PhotoListState {
  initialized: boolean;
  photos: ListedPhoto[];
  /** The older pages read, in the list's order (the first page and live photos before them are never released). */
  pages: ReadPage[];
  endCursor: string | null;
  hasMore: boolean;
  photoCount: number;
  /** How many photos arrived live (from others) since the screen opened: drives the announcement. */
  liveArrivals: number;
  /** Photos per photo challenge, by challenge id: read with the first page, moved by each photo added or removed. */
  challengeCounts: Record<string, number>;
  /**
   * Photos per table whose card's QR code tagged them (table cards), by table number: read with the first page,
   * moved by each photo added or removed, as challengeCounts.
   */
  tableCounts: Record<string, number>;
  /** The last photos removed, so a removal heard twice lowers a challenge's or a table's count once. */
  removedIds: string[];
}

const REMEMBERED_REMOVALS = 100;

export type PhotoListAction =
  | {
      type: 'firstPage';
      page: PhotoPage;
      photoCount: number;
      challengeCounts?: Record<string, number>;
      tableCounts?: Record<string, number>;
      /** Read after the couple changed who sees which photos: what the screen held may no longer be its to see. */
      replace?: boolean;
    }
  /** An older page, read after the cursor `after` (the list's endCursor when it was asked for). */
  | { type: 'nextPage'; page: PhotoPage; after: string }
  /** The photos of older pages outside `from`..`to` (indexes, inclusive) are released; the others stay. */
  | { type: 'release'; from: number; to: number }
  /** Released photos read again: the page read after `after`. */
  | { type: 'refill'; after: string; page: PhotoPage }
  | { type: 'added'; photo: Photo; live: boolean }
  /** The owner removed a photo (here or on another screen): it goes, and the count is the gallery's new one. */
  | {
      type: 'removed';
      photoId: string;
      photoCount: number;
      challengeId?: string | null;
      tableNumber?: number | null;
    };

export const EMPTY_PHOTO_LIST: PhotoListState = {
  initialized: false,
  photos: [],
  pages: [],
  endCursor: null,
  hasMore: false,
  photoCount: 0,
  liveArrivals: 0,
  challengeCounts: {},
  tableCounts: {},
  removedIds: [],
};

/** The counts with `delta` more photos of `key`, a challenge or a table (none moves for a photo of none). */
function countedFor(
  counts: Record<string, number>,
  key: string | number | null | undefined,
  delta: number,
): Record<string, number> {
  if (key === null || key === undefined || key === '') return counts;
  return { ...counts, [key]: Math.max(0, (counts[key] ?? 0) + delta) };
}

/** The counts of both kinds with `delta` more photos like `photo`. */
function countsWith(
  state: Pick<PhotoListState, 'challengeCounts' | 'tableCounts'>,
  photo: { challengeId?: string | null; tableNumber?: number | null },
  delta: number,
): Pick<PhotoListState, 'challengeCounts' | 'tableCounts'> {
  return {
    challengeCounts: countedFor(state.challengeCounts, photo.challengeId, delta),
    tableCounts: countedFor(state.tableCounts, photo.tableNumber, delta),
  };
}

function withoutIds(photos: ListedPhoto[], ids: Set<string>): ListedPhoto[] {
  return photos.filter((photo) => !ids.has(photo.id));
}

function time(photo: ListedPhoto): number {
  const value = Date.parse(photo.createdAt);
  return Number.isNaN(value) ? 0 : value;
}

/** Newest first; photos of the same time keep their order. */
function newestFirst(photos: ListedPhoto[]): ListedPhoto[] {
  return photos
    .map((photo, index) => ({ photo, index }))
    .sort((a, b) => time(b.photo) - time(a.photo) || a.index - b.index)
    .map((entry) => entry.photo);
}

/**
 * The first page (on open, and again after a reconnect) is merged by id with what the screen already holds,
 * whatever arrived first: nothing is shown twice and nothing seen is dropped. Photos newer than the page's newest
 * arrived live after the read was answered, so the read's count does not include them. A full first page sharing
 * no photo with an opened screen means photos were missed: it replaces the older part of the list. The paging
 * state comes from whichever list holds the oldest photo.
 */
function mergeFirstPage(
  state: PhotoListState,
  page: PhotoPage,
  photoCount: number,
  readCounts: Pick<PhotoListState, 'challengeCounts' | 'tableCounts'>,
): PhotoListState {
  const incomingIds = new Set(page.nodes.map((photo) => photo.id));
  const newestRead = page.nodes.length > 0 ? time(page.nodes[0]) : Number.NEGATIVE_INFINITY;
  const others = withoutIds(state.photos, incomingIds);
  const overlaps = others.length < state.photos.length;
  // Released photos are of older pages, never newer than a first page.
  const newer = others.filter((photo): photo is Photo => !isReleased(photo) && time(photo) > newestRead);
  const missedSome = state.initialized && !overlaps && page.hasMore;
  const older = missedSome ? [] : others.filter((photo) => time(photo) <= newestRead);
  // The older pages stay where they were, unless the page says the screen missed photos: then none is held.
  const pages = missedSome ? [] : state.pages;
  const photos = newestFirst([...newer, ...page.nodes, ...older]);
  const counts = newer.reduce((sum, photo) => countsWith(sum, photo, 1), readCounts);
  const base = {
    ...state,
    initialized: true,
    photos,
    pages,
    photoCount: photoCount + newer.length,
    ...counts,
  };
  const oldestIsIncoming = older.length === 0 || incomingIds.has(photos[photos.length - 1].id);
  return oldestIsIncoming ? { ...base, endCursor: page.endCursor, hasMore: page.hasMore } : base;
}

export function photoListReducer(state: PhotoListState, action: PhotoListAction): PhotoListState {
  switch (action.type) {
    case 'firstPage': {
      const held = action.replace
        ? { ...EMPTY_PHOTO_LIST, liveArrivals: state.liveArrivals, removedIds: state.removedIds }
        : state;
      return mergeFirstPage(held, action.page, action.photoCount, {
        challengeCounts: action.challengeCounts ?? {},
        tableCounts: action.tableCounts ?? {},
      });
    }
    case 'nextPage': {
      // The page's photos the screen does not hold yet, gathered by the page's ids rather than the thousands
      // held: a set of every id held, made at each page, was a large part of what a scroll allocated.
      const fresh = new Map(action.page.nodes.map((photo) => [photo.id, photo]));
      // forEach, not for...of: run a few times only, this code stays unoptimized, where for...of makes an
      // object for each step.
      state.photos.forEach((photo) => fresh.delete(photo.id));
      const firstId = fresh.keys().next().value;
      return {
        ...state,
        photos: [...state.photos, ...fresh.values()],
        pages: firstId === undefined ? state.pages : [...state.pages, { after: action.after, firstId }],
        endCursor: action.page.endCursor,
        hasMore: action.page.hasMore,
      };
    }
    case 'removed': {
      // A second word of the same removal (this screen's own, then the live one) moves no count again. A released
      // photo's challenge and table are the removal's own word.
      const again = state.removedIds.includes(action.photoId);
      const at = state.photos.findIndex((photo) => photo.id === action.photoId);
      const known = at < 0 ? undefined : state.photos[at];
      const removed =
        known && !isReleased(known)
          ? known
          : { challengeId: action.challengeId, tableNumber: action.tableNumber };
      return {
        ...state,
        photos: at < 0 ? state.photos : state.photos.filter((photo) => photo.id !== action.photoId),
        pages: at < 0 ? state.pages : pagesWithout(state, at),
        photoCount: action.photoCount,
        ...(again ? {} : countsWith(state, removed, -1)),
        removedIds: again
          ? state.removedIds
          : [...state.removedIds.slice(-(REMEMBERED_REMOVALS - 1)), action.photoId],
      };
    }
    case 'release':
      return released(state, action.from, action.to);
    case 'refill':
      return refilled(state, action.after, action.page);
    case 'added': {
      const found = state.photos.find((photo) => photo.id === action.photo.id);
      const held = found && !isReleased(found) ? found : undefined;
      // The uploader's own copy of a photo that waited for the couple: approved now, it loses its mark.
      if (held?.awaitingApproval && !action.photo.awaitingApproval) {
        return {
          ...state,
          photos: state.photos.map((photo) =>
            photo === held ? { ...held, awaitingApproval: false } : photo,
          ),
        };
      }
      if (found) return state;
      return {
        ...state,
        photos: [action.photo, ...state.photos],
        photoCount: state.photoCount + 1,
        liveArrivals: state.liveArrivals + (action.live ? 1 : 0),
        ...countsWith(state, action.photo, 1),
      };
    }
  }
}

/** The pages once the photo at `index` is gone: a page that started with it starts with the photo after it. */
function pagesWithout(state: PhotoListState, index: number): ReadPage[] {
  const id = state.photos[index].id;
  const page = state.pages.findIndex((read) => read.firstId === id);
  if (page < 0) return state.pages;
  const nextId = state.photos[index + 1]?.id;
  const nextStarts = nextId === undefined || state.pages[page + 1]?.firstId === nextId;
  return nextStarts
    ? state.pages.filter((_, at) => at !== page)
    : state.pages.map((read, at) => (at === page ? { ...read, firstId: nextId } : read));
}

/**
 * The photos of older pages outside `from`..`to` released (each keeps its id, its time and its page's cursor);
 * the first page and the photos that arrived live before it stay whole. The same state when nothing changes.
 */
function released(state: PhotoListState, from: number, to: number): PhotoListState {
  const { pages } = state;
  if (pages.length === 0) return state;
  let page = -1;
  let changed = false;
  const photos = state.photos.map((photo, index) => {
    if (page + 1 < pages.length && photo.id === pages[page + 1].firstId) page += 1;
    if (page < 0 || (index >= from && index <= to) || isReleased(photo)) return photo;
    changed = true;
    const kept: ReleasedPhoto = {
      id: photo.id,
      createdAt: photo.createdAt,
      released: true,
      after: pages[page].after,
    };
    return kept;
  });
  return changed ? { ...state, photos } : state;
}

/**
 * Released photos of the page read after `after`, read again: each comes back whole. One the read did not bring
 * is gone (removed, or no longer this guest's to see) when the read reached past its time; otherwise photos came
 * before it meanwhile, and it is read next after where this read ended.
 */
function refilled(state: PhotoListState, after: string, page: PhotoPage): PhotoListState {
  const read = new Map(page.nodes.map((photo) => [photo.id, photo]));
  const oldestRead = page.nodes.at(-1)?.createdAt;
  let changed = false;
  const photos: ListedPhoto[] = [];
  state.photos.forEach((photo) => {
    if (!isReleased(photo) || photo.after !== after) {
      photos.push(photo);
      return;
    }
    changed = true;
    const again = read.get(photo.id);
    if (again) photos.push(again);
    else if (page.hasMore && page.endCursor && (oldestRead === undefined || photo.createdAt <= oldestRead))
      photos.push({ ...photo, after: page.endCursor });
  });
  return changed ? { ...state, photos } : state;
}
