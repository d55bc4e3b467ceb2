import { describe, expect, it } from '@jest/globals';
import type { Photo } from '../api/photos';
import {
  EMPTY_PLAYLIST,
  nearEndOfLoop,
  upcoming,
  wallPlaylistReducer,
  type WallAction,
  type WallPlaylist,
} from './wallPlaylist';

function photo(id: string, minute = 0): Photo {
  return {
    id,
    eventCode: 'ABCD2345',
    thumbnailUrl: `/media/photos/${id}/thumbnail`,
    previewUrl: `/media/photos/${id}/preview`,
    originalUrl: `/media/photos/${id}/original`,
    width: 4000,
    height: 3000,
    createdAt: new Date(Date.UTC(2026, 5, 13, 18, minute)).toISOString(),
    kind: 'photo',
    durationSeconds: null,
    guestName: null,
    challengeId: null,
    uploaderId: null,
  };
}

function play(...actions: WallAction[]): WallPlaylist {
  return actions.reduce(wallPlaylistReducer, EMPTY_PLAYLIST);
}

const shown = (state: WallPlaylist) => state.current?.id ?? null;
const next: WallAction = { type: 'next' };

describe('the wall playlist', () => {
  it('starts with the newest photo and walks the loop towards older ones, then starts again', () => {
    let state = play({ type: 'loaded', photos: [photo('c', 3), photo('b', 2), photo('a', 1)], live: false });
    const seen = [shown(state)];
    for (let step = 0; step < 4; step += 1) {
      state = wallPlaylistReducer(state, next);
      seen.push(shown(state));
    }
    expect(seen).toEqual(['c', 'b', 'a', 'c', 'b']);
  });

  it('puts a photo that arrives live on screen next, ahead of the loop, then goes on where the loop was', () => {
    let state = play(
      { type: 'loaded', photos: [photo('c', 3), photo('b', 2), photo('a', 1)], live: false },
      next,
    );
    expect(shown(state)).toBe('b');
    state = wallPlaylistReducer(state, { type: 'arrived', photo: photo('new', 9) });
    expect(upcoming(state)?.id).toBe('new');
    state = wallPlaylistReducer(state, next);
    expect(shown(state)).toBe('new');
    state = wallPlaylistReducer(state, next);
    expect(shown(state)).toBe('a');
    // The new photo is part of the loop from then on, as the newest.
    state = wallPlaylistReducer(state, next);
    expect(shown(state)).toBe('new');
  });

  it('shows a burst of arrivals one after the other in the order they came, each once', () => {
    let state = play({ type: 'loaded', photos: [photo('a', 1)], live: false });
    for (const id of ['x', 'y', 'z'])
      state = wallPlaylistReducer(state, { type: 'arrived', photo: photo(id, 5) });
    state = wallPlaylistReducer(state, { type: 'arrived', photo: photo('y', 5) });
    const order: (string | null)[] = [];
    for (let step = 0; step < 3; step += 1) {
      state = wallPlaylistReducer(state, next);
      order.push(shown(state));
    }
    expect(order).toEqual(['x', 'y', 'z']);
    expect(state.upNext).toEqual([]);
  });

  it('shows the first photo of an empty wall as soon as it arrives', () => {
    const state = play(
      { type: 'loaded', photos: [], live: false },
      { type: 'arrived', photo: photo('first') },
    );
    expect(shown(state)).toBe('first');
    expect(state.upNext).toEqual([]);
  });

  it('treats photos found on a re-read after a reconnect as arrivals, and the ones it had as known', () => {
    let state = play({ type: 'loaded', photos: [photo('b', 2), photo('a', 1)], live: false });
    state = wallPlaylistReducer(state, {
      type: 'loaded',
      photos: [photo('missed-2', 8), photo('missed-1', 7), photo('b', 2), photo('a', 1)],
      live: true,
    });
    expect(state.upNext).toEqual(['missed-1', 'missed-2']);
    expect(state.loop.map((item) => item.id)).toEqual(['missed-2', 'missed-1', 'b', 'a']);
    expect(shown(state)).toBe('b');
  });

  it('takes a removed photo off the screen at once and out of the loop and the queue', () => {
    let state = play(
      { type: 'loaded', photos: [photo('c', 3), photo('b', 2), photo('a', 1)], live: false },
      next,
    );
    expect(shown(state)).toBe('b');
    state = wallPlaylistReducer(state, { type: 'arrived', photo: photo('new', 9) });
    state = wallPlaylistReducer(state, { type: 'removed', photoId: 'new' });
    expect(state.upNext).toEqual([]);
    state = wallPlaylistReducer(state, { type: 'removed', photoId: 'b' });
    expect(shown(state)).toBe('a');
    expect(state.loop.map((item) => item.id)).toEqual(['c', 'a']);
    state = wallPlaylistReducer(state, { type: 'removed', photoId: 'a' });
    state = wallPlaylistReducer(state, { type: 'removed', photoId: 'c' });
    expect(shown(state)).toBeNull();
  });

  it('goes back through the loop with previous', () => {
    let state = play({ type: 'loaded', photos: [photo('c', 3), photo('b', 2), photo('a', 1)], live: false });
    state = wallPlaylistReducer(state, { type: 'previous' });
    expect(shown(state)).toBe('a');
    state = wallPlaylistReducer(state, { type: 'previous' });
    expect(shown(state)).toBe('b');
  });

  it('asks for older photos when the loop nears the end of what is loaded', () => {
    let state = play({
      type: 'loaded',
      photos: ['f', 'e', 'd', 'c', 'b', 'a'].map((id, index) => photo(id, 10 - index)),
      live: false,
    });
    expect(nearEndOfLoop(state)).toBe(false);
    state = [next, next, next].reduce(wallPlaylistReducer, state);
    expect(nearEndOfLoop(state)).toBe(true);
    state = wallPlaylistReducer(state, { type: 'loaded', photos: [photo('older', 0)], live: false });
    expect(state.loop.at(-1)?.id).toBe('older');
    expect(shown(state)).toBe('c');
  });

  it('keeps only what a re-read after a change of who sees what holds, the photo on screen if it may stay', () => {
    const loaded = play(
      { type: 'loaded', photos: [photo('c', 3), photo('b', 2), photo('a', 1)], live: false },
      next,
    );
    expect(shown(loaded)).toBe('b');
    const kept = wallPlaylistReducer(loaded, { type: 'replaced', photos: [photo('b', 2)] });
    expect(kept.loop.map((p) => p.id)).toEqual(['b']);
    expect(shown(kept)).toBe('b');
    const gone = wallPlaylistReducer(loaded, { type: 'replaced', photos: [photo('a', 1)] });
    expect(shown(gone)).toBe('a');
    expect(shown(wallPlaylistReducer(gone, next))).toBe('a');
    expect(shown(wallPlaylistReducer(loaded, { type: 'replaced', photos: [] }))).toBeNull();
  });
});
