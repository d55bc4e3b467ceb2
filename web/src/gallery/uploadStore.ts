import type { UploadEntry, UploadKeeper } from './uploadQueue';

const DATABASE = 'gallery-uploads';
const VERSION = 1;
const UPLOADS = 'uploads';
const BY_GALLERY = 'byGallery';

/**
 * The upload queue in IndexedDB: each file (as the Blob the browser gave), its slot and the parts storage has,
 * by gallery. What a reload, a tab reopened or a phone back from sleep resumes from.
 */
export interface UploadStore extends UploadKeeper {
  /** The gallery's entries, oldest first. */
  list(eventCode: string): Promise<UploadEntry[]>;
}

let opening: Promise<IDBDatabase> | undefined;

function database(): Promise<IDBDatabase> {
  opening ??= new Promise<IDBDatabase>((resolve, reject) => {
    const request = indexedDB.open(DATABASE, VERSION);
    request.onupgradeneeded = () => {
      const uploads = request.result.createObjectStore(UPLOADS, { keyPath: 'id' });
      uploads.createIndex(BY_GALLERY, 'eventCode');
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error ?? new Error('IndexedDB did not open'));
    request.onblocked = () => reject(new Error('IndexedDB is blocked by another tab'));
  }).catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}

function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return database().then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        const transaction = db.transaction(UPLOADS, mode);
        const request = work(transaction.objectStore(UPLOADS));
        transaction.oncomplete = () => resolve(request.result);
        transaction.onerror = () => reject(transaction.error ?? request.error);
        transaction.onabort = () => reject(transaction.error ?? new Error('IndexedDB transaction aborted'));
      }),
  );
}

export const indexedDbUploadStore: UploadStore = {
  save: async (entry) => {
    await run('readwrite', (store) => store.put(entry));
  },
  remove: async (id) => {
    await run('readwrite', (store) => store.delete(id));
  },
  list: async (eventCode) => {
    const entries = await run<UploadEntry[]>('readonly', (store) =>
      store.index(BY_GALLERY).getAll(IDBKeyRange.only(eventCode)),
    );
    return entries.sort((a, b) => a.addedAt - b.addedAt);
  },
};

/** A store that keeps nothing, for a browser without IndexedDB (private modes of old browsers). */
export const memoryOnlyUploadStore: UploadStore = {
  save: async () => undefined,
  remove: async () => undefined,
  list: async () => [],
};

export function availableUploadStore(): UploadStore {
  return typeof indexedDB === 'undefined' ? memoryOnlyUploadStore : indexedDbUploadStore;
}
