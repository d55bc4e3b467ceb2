import { readStorage, writeStorage } from '../session/storage';
import {
  APP_STATE_CACHE,
  LAST_GALLERY_KEY,
  SHARED_FILES_CACHE,
  SHARED_NAME_HEADER,
} from '../sw/offlineCaches';
import type { GalleryEvent } from './graphql';
import type { Photo } from '../api/photos';
import { isReleased, type ListedPhoto } from './photoList';

/** Photos kept for the gallery opened without a network: its first screens, whose thumbnails were seen. */
export const SNAPSHOT_PHOTOS = 60;

const snapshotKey = (code: string) => `gallery-snapshot:${code}`;

/** What a guest saw of a gallery when it last loaded: shown again when it is opened without a network. */
export interface GallerySnapshot {
  event: GalleryEvent;
  photos: Photo[];
  savedAt: string;
}

/**
 * The photos each gallery's snapshot last kept, by the gallery read (its object): a page of older photos, read as
 * a guest scrolls, changes none of them, and writing the same snapshot again at each page was a large part of what
 * a scroll through thousands of photos allocated.
 */
const lastKept = new WeakMap<GalleryEvent, readonly Photo[]>();

export function saveSnapshot(event: GalleryEvent, photos: readonly ListedPhoto[]): void {
  const kept = photos.slice(0, SNAPSHOT_PHOTOS);
  // A first screen the guest scrolled far from may be released: the snapshot of it stays as it was.
  if (!kept.every((photo): photo is Photo => !isReleased(photo))) return;
  const before = lastKept.get(event);
  if (before?.length === kept.length && before.every((photo, at) => photo === kept[at])) return;
  lastKept.set(event, kept);
  const snapshot: GallerySnapshot = {
    // Owner or not is only known online: a snapshot never offers the couple's actions.
    event: { ...event, isOwner: false, photos: { ...event.photos, nodes: [] } },
    photos: kept,
    savedAt: new Date().toISOString(),
  };
  writeStorage(snapshotKey(event.code), JSON.stringify(snapshot));
}

export function readSnapshot(code: string): GallerySnapshot | null {
  const stored = readStorage(snapshotKey(code));
  if (!stored) return null;
  try {
    const snapshot = JSON.parse(stored) as GallerySnapshot;
    return snapshot.event?.code === code && Array.isArray(snapshot.photos) ? snapshot : null;
  } catch {
    return null;
  }
}

/** Tells the service worker which gallery files shared from another app go to. */
export async function rememberLastGallery(code: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  const cache = await caches.open(APP_STATE_CACHE);
  await cache.put(LAST_GALLERY_KEY, new Response(code, { headers: { 'content-type': 'text/plain' } }));
}

/** The files another app shared into the installed app (held by the service worker), taken out of its hold. */
export async function takeSharedFiles(): Promise<File[]> {
  if (typeof caches === 'undefined' || !(await caches.has(SHARED_FILES_CACHE))) return [];
  const cache = await caches.open(SHARED_FILES_CACHE);
  const files: File[] = [];
  for (const request of await cache.keys()) {
    const response = await cache.match(request);
    if (response) {
      const name = decodeURIComponent(response.headers.get(SHARED_NAME_HEADER) ?? 'shared');
      const type = response.headers.get('content-type') ?? '';
      files.push(new File([await response.blob()], name, { type }));
    }
    await cache.delete(request);
  }
  return files;
}
