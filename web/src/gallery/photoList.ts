import type { Photo, PhotoPage } from '../api/photos';

/** The photos a gallery screen shows, newest first, with the paging state and the live count. */
export interface PhotoListState {
  initialized: boolean;
  photos: Photo[];
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
  | { type: 'nextPage'; page: PhotoPage }
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

function withoutIds(photos: Photo[], ids: Set<string>): Photo[] {
  return photos.filter((photo) => !ids.has(photo.id));
}

function time(photo: Photo): number {
  const value = Date.parse(photo.createdAt);
  return Number.isNaN(value) ? 0 : value;
}

/** Newest first; photos of the same time keep their order. */
function newestFirst(photos: Photo[]): Photo[] {
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
  const newer = others.filter((photo) => time(photo) > newestRead);
  const missedSome = state.initialized && !overlaps && page.hasMore;
  const older = missedSome ? [] : others.filter((photo) => time(photo) <= newestRead);
  const photos = newestFirst([...newer, ...page.nodes, ...older]);
  const counts = newer.reduce((sum, photo) => countsWith(sum, photo, 1), readCounts);
  const base = {
    ...state,
    initialized: true,
    photos,
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
      return {
        ...state,
        photos: [...state.photos, ...fresh.values()],
        endCursor: action.page.endCursor,
        hasMore: action.page.hasMore,
      };
    }
    case 'removed': {
      // A second word of the same removal (this screen's own, then the live one) moves no count again.
      const again = state.removedIds.includes(action.photoId);
      const known = state.photos.find((photo) => photo.id === action.photoId);
      const removed = known ?? { challengeId: action.challengeId, tableNumber: action.tableNumber };
      return {
        ...state,
        photos: state.photos.filter((photo) => photo.id !== action.photoId),
        photoCount: action.photoCount,
        ...(again ? {} : countsWith(state, removed, -1)),
        removedIds: again
          ? state.removedIds
          : [...state.removedIds.slice(-(REMEMBERED_REMOVALS - 1)), action.photoId],
      };
    }
    case 'added': {
      const held = state.photos.find((photo) => photo.id === action.photo.id);
      // The uploader's own copy of a photo that waited for the couple: approved now, it loses its mark.
      if (held?.awaitingApproval && !action.photo.awaitingApproval) {
        return {
          ...state,
          photos: state.photos.map((photo) =>
            photo === held ? { ...held, awaitingApproval: false } : photo,
          ),
        };
      }
      if (held) return state;
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
