import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
import { useApolloClient } from '@apollo/client/react';
import type { PlanId } from '@gallery/contracts';
import { fieldOf, readApiError } from '../api/apiErrors';
import {
  CONFIRM_AND_REQUEST_NEXT,
  CONFIRM_PHOTO_UPLOAD,
  REQUEST_PHOTO_UPLOADS,
  REQUEST_UPLOAD_PARTS,
  type UploadSlot,
} from './graphql';
import { type Photo } from '../api/photos';
import { ensureGuestIdentity } from '../session/guestIdentity';
import { readGuestName } from '../session/guestName';
import { browserNetwork } from './network';
import { putFile } from './putFile';
import { uploadsReducer, type UploadAction, type UploadItem } from './uploadItems';
import { sentOf, UploadQueue, type UploadEntry, type UploadTransport } from './uploadQueue';
import { availableUploadStore } from './uploadStore';
import { coalesced } from './coalesced';
import { checkPhotoFile, contentTypeFor, refusalFor } from './uploads';
import { readTableCard } from './tableCard';

let lastUploadId = 0;

/**
 * The upload panel shows the queue's changes at most this often: a hundred files reporting their progress would
 * otherwise draw it again many times a second, each time holding the page (a phone's slow CPU).
 */
export const UPLOAD_LIST_EVERY_MS = 250;

/**
 * Files read and stored in IndexedDB at a time when chosen: reading or storing a hundred at once holds the page
 * for one long task; each group starts on its way once stored.
 */
export const SAVE_GROUP = 8;

/** Resolves in a task of its own, after the browser has drawn and answered what waited. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The gallery's upload list as it changes: read only by the components that show it (useUploadItems), so a
 * progress report re-renders the upload panel, never the page and its photo grid.
 */
export interface UploadProgress {
  subscribe: (watcher: () => void) => () => void;
  read: () => UploadItem[];
}

/** The files on their way, current with each progress report. */
export function useUploadItems(progress: UploadProgress): UploadItem[] {
  return useSyncExternalStore(progress.subscribe, progress.read);
}

/**
 * A gallery's queue and its list, one per gallery and page however often React mounts the gallery: a resumed
 * file must never be sent twice, and a gallery opened again shows the files still going.
 */
interface GalleryUploads {
  queue: UploadQueue;
  /** The list as the queue left it, and as shown (published every UPLOAD_LIST_EVERY_MS at most). */
  items: UploadItem[];
  shown: UploadItem[];
  /** The entries as kept, for a file chosen again. */
  kept: Map<string, UploadEntry>;
  dispatch: (action: UploadAction) => void;
  watchers: Set<() => void>;
  uploaded: Set<(photo: Photo) => void>;
}
const galleries = new Map<string, GalleryUploads>();

/**
 * Resolves once this page may resume the gallery's kept queue: one tab at a time (a Web Lock held while the
 * page lives), so two tabs of one gallery never send the same file twice; a second tab takes the queue over
 * when the first closes.
 */
function claimKeptQueue(eventCode: string): Promise<void> {
  if (typeof navigator === 'undefined' || !navigator.locks) return Promise.resolve();
  return new Promise((resolve) => {
    void navigator.locks.request(`gallery-uploads:${eventCode}`, () => {
      resolve();
      return new Promise<never>(() => undefined);
    });
  });
}

/** A slot request's variables for `entries` (which share one challenge: UploadQueue asks so). */
function slotRequestOf(eventCode: string, entries: readonly UploadEntry[]) {
  return {
    eventCode,
    files: entries.map((entry) => ({
      fileName: entry.name,
      contentType: entry.contentType,
      size: entry.size,
    })),
    // Read at each request: a name given while files upload goes with the next ones.
    guestName: readGuestName(),
    challengeId: entries[0]?.challengeId ?? null,
    // The table card the gallery was opened from, if any: its photos are tagged with it.
    table: readTableCard(eventCode),
  };
}

const itemOf = (entry: UploadEntry): UploadItem => ({
  id: entry.id,
  name: entry.name,
  size: entry.size,
  sent: sentOf(entry),
  status: 'waiting',
});

/**
 * Uploads chosen files through the gallery's queue (see UploadQueue), kept in IndexedDB so a reload or a
 * reopened tab resumes it, and lists them with their progress; each confirmed photo goes to `onUploaded`.
 */
export function useUploads(eventCode: string, plan: PlanId, onUploaded: (photo: Photo) => void) {
  const client = useApolloClient();
  const planRef = useRef(plan);
  useEffect(() => {
    planRef.current = plan;
  });
  const store = useMemo(availableUploadStore, []);

  // The queue's requests go around the cache: nothing reads their answers from it (the photo joins the list
  // through onUploaded), and writing each one there made Apollo diff every query on the page, the gallery's photos
  // included, for each file.
  const transport = useMemo<UploadTransport>(
    () => ({
      requestSlots: async (entries) => {
        // The browser's guest identity goes with the request: its photos are then its own to delete.
        await ensureGuestIdentity(client);
        const result = await client.mutate({
          mutation: REQUEST_PHOTO_UPLOADS,
          fetchPolicy: 'no-cache',
          variables: slotRequestOf(eventCode, entries),
        });
        return result.data?.requestPhotoUploads ?? [];
      },
      requestParts: async (uploadId, partNumbers) => {
        const result = await client.mutate({
          mutation: REQUEST_UPLOAD_PARTS,
          fetchPolicy: 'no-cache',
          variables: { eventCode, uploadId, partNumbers },
        });
        return result.data?.requestUploadParts ?? [];
      },
      put: putFile,
      confirm: (uploadId, next) => {
        const confirmAlone = async () => {
          const result = await client.mutate({
            mutation: CONFIRM_PHOTO_UPLOAD,
            fetchPolicy: 'no-cache',
            variables: { eventCode, uploadId },
          });
          return result.data?.confirmPhotoUpload;
        };
        if (next.length === 0) return { photo: confirmAlone(), slots: Promise.resolve([]) };
        const answer = ensureGuestIdentity(client).then(() =>
          client.mutate({
            mutation: CONFIRM_AND_REQUEST_NEXT,
            fetchPolicy: 'no-cache',
            errorPolicy: 'all',
            variables: { ...slotRequestOf(eventCode, next), uploadId },
          }),
        );
        return {
          // The slots' refusal nulls the confirm's answer (both fields are non-null): the confirm, carried out,
          // is asked again alone and finds its photo.
          photo: answer.then((result) => fieldOf<Photo>(result, 'confirmPhotoUpload') ?? confirmAlone()),
          // A refused confirm stops the request before the slots: not asked, so asked again by the next file.
          slots: answer.then(
            (result) =>
              fieldOf<UploadSlot[]>(result, 'requestPhotoUploads') ??
              Promise.reject(new Error('slots not asked')),
          ),
        };
      },
    }),
    [client, eventCode],
  );

  const gallery = useMemo(() => {
    const known = galleries.get(eventCode);
    if (known) return known;
    const watchers = new Set<() => void>();
    const uploaded = new Set<(photo: Photo) => void>();
    const publish = coalesced(() => {
      created.shown = created.items;
      watchers.forEach((watcher) => watcher());
    }, UPLOAD_LIST_EVERY_MS);
    const created: GalleryUploads = {
      items: [],
      shown: [],
      kept: new Map(),
      watchers,
      uploaded,
      dispatch: (action) => {
        created.items = uploadsReducer(created.items, action);
        publish();
      },
      queue: new UploadQueue({
        transport,
        keeper: store,
        network: browserNetwork,
        refusalOf: (error) => {
          const apiError = readApiError(error);
          return refusalFor(apiError.code, planRef.current, apiError.extensions);
        },
        dispatch: (action) => created.dispatch(action),
        onUploaded: (photo) => uploaded.forEach((listener) => listener(photo)),
      }),
    };
    galleries.set(eventCode, created);
    void claimKeptQueue(eventCode).then(async () => {
      // Files this page added itself are already on their way.
      const entries = (await store.list(eventCode).catch(() => [])).filter(
        (entry) => !created.kept.has(entry.id),
      );
      entries.forEach((entry) => created.kept.set(entry.id, entry));
      created.dispatch({ type: 'add', items: entries.map(itemOf) });
      created.queue.add(entries);
    });
    return created;
  }, [eventCode, transport, store]);

  const progress = useMemo<UploadProgress>(
    () => ({
      subscribe: (watcher) => {
        gallery.watchers.add(watcher);
        return () => gallery.watchers.delete(watcher);
      },
      read: () => gallery.shown,
    }),
    [gallery],
  );
  const onUploadedRef = useRef(onUploaded);
  useEffect(() => {
    onUploadedRef.current = onUploaded;
  });
  useEffect(() => {
    const listener = (photo: Photo) => onUploadedRef.current(photo);
    gallery.uploaded.add(listener);
    return () => {
      gallery.uploaded.delete(listener);
    };
  }, [gallery]);
  const { dispatch, kept } = gallery;

  const upload = useCallback(
    async (files: File[], challengeId: string | null = null) => {
      const addedAt = Date.now();
      const check = (file: File, index: number) => ({
        entry: {
          id: `${addedAt.toString(36)}-${++lastUploadId}-${Math.random().toString(36).slice(2, 8)}`,
          eventCode,
          file,
          name: file.name,
          contentType: contentTypeFor(file),
          size: file.size,
          addedAt: addedAt + index,
          parts: [],
          challengeId,
        } satisfies UploadEntry,
        refusal: checkPhotoFile(file, planRef.current),
      });
      // The first read of a chosen file's size asks the browser's own process (0.6 ms a file on a desktop, 100
      // files a 57 ms wait): files chosen at once are read a group at a time, each group in a task of its own,
      // so the choice's task reads only the first and the page answers in between. They are listed together.
      const checked: ReturnType<typeof check>[] = [];
      for (const [index, file] of files.entries()) {
        if (index > 0 && index % SAVE_GROUP === 0) await nextTask();
        checked.push(check(file, index));
      }
      dispatch({
        type: 'add',
        items: checked.map(({ entry, refusal }) =>
          refusal ? { ...itemOf(entry), status: 'failed', refusal } : itemOf(entry),
        ),
      });
      const entries = checked.filter((checkedFile) => !checkedFile.refusal).map(({ entry }) => entry);
      // Kept before they start, so a reload from now on resumes them; a browser that cannot keep them still
      // sends. A few at a time, in order: each group in a task of its own, and on its way once kept.
      for (let start = 0; start < entries.length; start += SAVE_GROUP) {
        const group = entries.slice(start, start + SAVE_GROUP);
        await Promise.all(group.map((entry) => store.save(entry).catch(() => undefined)));
        group.forEach((entry) => kept.set(entry.id, entry));
        gallery.queue.add(group);
      }
    },
    [eventCode, gallery, dispatch, kept, store],
  );

  /** Forgets a file the browser can no longer read. */
  const remove = useCallback(
    (id: string) => {
      kept.delete(id);
      void store.remove(id).catch(() => undefined);
      dispatch({ type: 'remove', id });
    },
    [dispatch, kept, store],
  );

  /** Gives a file the browser could no longer read again, chosen anew by the guest, and goes on with it. */
  const chooseAgain = useCallback(
    async (id: string, file: File) => {
      const entry = kept.get(id);
      if (!entry) return;
      // Another file than the one whose parts storage has: it starts over.
      if (file.size !== entry.size)
        Object.assign(entry, { slot: undefined, slotAt: undefined, parts: [], stored: false });
      Object.assign(entry, { file, name: file.name, size: file.size, contentType: contentTypeFor(file) });
      await store.save(entry).catch(() => undefined);
      dispatch({ type: 'status', id, status: 'waiting' });
      gallery.queue.add([entry]);
    },
    [gallery, dispatch, kept, store],
  );

  const clear = useCallback(() => dispatch({ type: 'clear' }), [dispatch]);

  return { progress, upload, clear, remove, chooseAgain };
}
