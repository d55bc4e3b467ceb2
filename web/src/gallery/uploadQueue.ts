import { isVideoType } from '@gallery/contracts';
import { isRetryable, readApiError } from '../api/apiErrors';
import type { Photo, UploadSlot } from './graphql';
import { runWithConcurrency, UPLOAD_CONCURRENCY, type UploadAction, type UploadRefusal } from './uploads';

/** A file the browser accepted, on its way to the gallery. */
export interface UploadEntry {
  id: string;
  file: File;
  contentType: string;
}

/** What an upload needs from the outside world: the API's two mutations and the PUT to storage. */
export interface UploadTransport {
  requestSlots(entries: readonly UploadEntry[]): Promise<UploadSlot[]>;
  put(slot: UploadSlot, entry: UploadEntry, onProgress: (percent: number) => void): Promise<void>;
  confirm(uploadId: string): Promise<Photo | undefined>;
}

/**
 * Pauses before each new try of a confirm whose answer was lost. Confirming is idempotent on the server, so
 * sending it again never makes a second photo; five tries over about fifteen seconds ride out a gateway restart.
 */
export const CONFIRM_RETRY_DELAYS_MS = [1000, 2000, 4000, 8000] as const;

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs `confirm`, sending it again after each delay while its answer is lost (no answer, or
 * SERVICE_UNAVAILABLE). A refusal (any other code) is thrown at once, as is the last lost answer.
 */
export async function confirmWithRetry<T>(
  confirm: () => Promise<T>,
  wait: (ms: number) => Promise<void> = pause,
  delaysMs: readonly number[] = CONFIRM_RETRY_DELAYS_MS,
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await confirm();
    } catch (error) {
      if (attempt >= delaysMs.length || !isRetryable(readApiError(error))) throw error;
      await wait(delaysMs[attempt]);
    }
  }
}

/**
 * Hands out upload slots just before they are used: the first file without one asks for itself and the next
 * few, so the gallery never holds more pending slots than the files about to go (slots are short-lived, and
 * a gallery grants only as many as its plan still allows). Files must be asked for in order.
 */
export function slotSupplier(
  entries: readonly UploadEntry[],
  requestSlots: UploadTransport['requestSlots'],
  filesPerRequest: number,
): (entry: UploadEntry) => Promise<UploadSlot | undefined> {
  const slots = new Map<UploadEntry, Promise<UploadSlot | undefined>>();
  return (entry) => {
    const known = slots.get(entry);
    if (known) return known;
    const start = entries.indexOf(entry);
    const batch = slotBatch(entries.slice(start, start + filesPerRequest)).filter((next) => !slots.has(next));
    const answer = requestSlots(batch);
    batch.forEach((next, index) =>
      slots.set(
        next,
        answer.then((granted) => granted[index]),
      ),
    );
    return slots.get(entry)!;
  };
}

/**
 * The files one slot request asks for: a video alone, and photos up to the next video. A video's PUT can last
 * minutes: a slot asked for next to it could wait behind it until its URL has expired.
 */
function slotBatch(next: readonly UploadEntry[]): UploadEntry[] {
  if (isVideoType(next[0].contentType)) return [next[0]];
  const video = next.findIndex((entry) => isVideoType(entry.contentType));
  return video === -1 ? [...next] : next.slice(0, video);
}

export interface UploadRun {
  entries: readonly UploadEntry[];
  transport: UploadTransport;
  /** The refusal a server error stands for (its code and the count its message needs). */
  refusalOf: (error: unknown) => UploadRefusal;
  dispatch: (action: UploadAction) => void;
  onUploaded: (photo: Photo) => void;
  wait?: (ms: number) => Promise<void>;
}

/**
 * Uploads files UPLOAD_CONCURRENCY at a time: a slot, the PUT to storage with progress, then the confirm (sent
 * again while its answer is lost). Each file ends done, its photo handed to `onUploaded` once, or failed with
 * the refusal the server gave.
 */
export async function runUploads({
  entries,
  transport,
  refusalOf,
  dispatch,
  onUploaded,
  wait,
}: UploadRun): Promise<void> {
  const slotFor = slotSupplier(entries, (batch) => transport.requestSlots(batch), UPLOAD_CONCURRENCY);
  const fail = (entry: UploadEntry, refusal: UploadRefusal) =>
    dispatch({ type: 'failed', id: entry.id, refusal });

  const send = async (entry: UploadEntry) => {
    let slot: UploadSlot | undefined;
    try {
      slot = await slotFor(entry);
    } catch (error) {
      return fail(entry, refusalOf(error));
    }
    if (!slot) return fail(entry, { code: 'UPLOAD_NOT_FOUND' });
    const { uploadId } = slot;
    dispatch({ type: 'status', id: entry.id, status: 'uploading' });
    try {
      await transport.put(slot, entry, (progress) => dispatch({ type: 'progress', id: entry.id, progress }));
    } catch {
      return fail(entry, { code: 'UPLOAD_NOT_FOUND' });
    }
    dispatch({ type: 'status', id: entry.id, status: 'confirming' });
    try {
      const photo = await confirmWithRetry(() => transport.confirm(uploadId), wait);
      dispatch({ type: 'status', id: entry.id, status: 'done' });
      if (photo) onUploaded(photo);
    } catch (error) {
      fail(entry, refusalOf(error));
    }
  };

  await runWithConcurrency(entries, UPLOAD_CONCURRENCY, send);
}
