import type { Photo } from '../api/photos';

/**
 * What the slideshow wall shows and in which order. The loop holds every photo the wall has loaded, newest
 * first, and the wall walks it towards older photos, loading more as it goes, then starts again at the newest.
 * A photo that arrives live is not put at the end of the loop: it waits in `upNext` and goes on screen before the
 * loop continues (a new photo must never wait for a full round of the old ones).
 */
export interface WallPlaylist {
  loop: Photo[];
  /** Ids of photos that arrived live and have not been on screen yet, in order of arrival. */
  upNext: string[];
  /** The photo on screen, or null while there is none. */
  current: Photo | null;
  /** Where the loop is: the index in `loop` of the last photo it showed (-1 before the first). */
  position: number;
}

export type WallAction =
  /** A page of older photos (the first page included), or a re-read after a reconnect (`live`). */
  | { type: 'loaded'; photos: Photo[]; live: boolean }
  /** The newest page read after the couple changed who sees what: only what it holds may stay on the wall. */
  | { type: 'replaced'; photos: Photo[] }
  | { type: 'arrived'; photo: Photo }
  | { type: 'removed'; photoId: string }
  | { type: 'next' }
  | { type: 'previous' };

export const EMPTY_PLAYLIST: WallPlaylist = { loop: [], upNext: [], current: null, position: -1 };

function indexOf(loop: Photo[], id: string): number {
  return loop.findIndex((photo) => photo.id === id);
}

/** The loop's next photo after `position`, wrapping to the newest. */
function loopAfter(loop: Photo[], position: number): { photo: Photo | null; position: number } {
  if (loop.length === 0) return { photo: null, position: -1 };
  const next = (position + 1) % loop.length;
  return { photo: loop[next], position: next };
}

/** The photo `next` would put on screen: the wall loads it ahead, one at a time. */
export function upcoming(state: WallPlaylist): Photo | null {
  if (state.upNext.length > 0) return state.loop[indexOf(state.loop, state.upNext[0])] ?? null;
  return loopAfter(state.loop, state.position).photo;
}

/** Whether the loop is near the end of what is loaded, so the next page should be asked for. */
export function nearEndOfLoop(state: WallPlaylist, ahead = 2): boolean {
  return state.position >= state.loop.length - 1 - ahead;
}

function advance(state: WallPlaylist): WallPlaylist {
  const [first, ...rest] = state.upNext;
  if (first !== undefined) {
    const photo = state.loop[indexOf(state.loop, first)] ?? null;
    return { ...state, upNext: rest, current: photo };
  }
  const { photo, position } = loopAfter(state.loop, state.position);
  return { ...state, current: photo, position };
}

function withArrivals(state: WallPlaylist, photos: Photo[]): WallPlaylist {
  const known = new Set(state.loop.map((photo) => photo.id));
  // Oldest first, so that a burst goes on screen in the order it was taken up.
  const fresh = photos.filter((photo) => !known.has(photo.id)).reverse();
  if (fresh.length === 0) return state;
  const next: WallPlaylist = {
    ...state,
    // Newest first at the front of the loop; the loop's position moves with the photo it points at.
    loop: [...fresh.slice().reverse(), ...state.loop],
    position: state.position < 0 ? state.position : state.position + fresh.length,
    upNext: [...state.upNext, ...fresh.map((photo) => photo.id)],
  };
  return next.current ? next : advance(next);
}

export function wallPlaylistReducer(state: WallPlaylist, action: WallAction): WallPlaylist {
  switch (action.type) {
    case 'loaded': {
      if (action.live) return withArrivals(state, action.photos);
      const known = new Set(state.loop.map((photo) => photo.id));
      const older = action.photos.filter((photo) => !known.has(photo.id));
      if (older.length === 0) return state;
      const loaded = { ...state, loop: [...state.loop, ...older] };
      return loaded.current ? loaded : advance(loaded);
    }
    case 'replaced': {
      const kept = new Set(action.photos.map((photo) => photo.id));
      // The photo on screen stays if it may; anything else starts again from the newest.
      const current = state.current && kept.has(state.current.id) ? state.current : null;
      const loop = action.photos;
      const position = current ? indexOf(loop, current.id) : -1;
      const replaced = { loop, upNext: state.upNext.filter((id) => kept.has(id)), current, position };
      return current ? replaced : advance(replaced);
    }
    case 'arrived':
      return withArrivals(state, [action.photo]);
    case 'removed': {
      const index = indexOf(state.loop, action.photoId);
      if (index < 0) return state;
      const loop = state.loop.filter((photo) => photo.id !== action.photoId);
      const trimmed: WallPlaylist = {
        ...state,
        loop,
        upNext: state.upNext.filter((id) => id !== action.photoId),
        position: index <= state.position ? state.position - 1 : state.position,
      };
      if (state.current?.id !== action.photoId) return trimmed;
      return advance({ ...trimmed, current: null });
    }
    case 'next':
      return advance(state);
    case 'previous': {
      if (state.loop.length === 0) return state;
      const position = (state.position - 1 + state.loop.length) % state.loop.length;
      return { ...state, current: state.loop[position], position };
    }
  }
}
