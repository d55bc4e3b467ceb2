import { isVideoType, MAX_PARTS_PER_REQUEST } from '@gallery/contracts';
import { isRetryable, readApiError, retryAfterMs } from '../api/apiErrors';
import type { UploadSlot } from './graphql';
import type { Photo } from '../api/photos';
import type { Network } from './network';
import { ConnectionLostError, StorageRefusedError } from './putFile';
import { UPLOAD_CONCURRENCY, type UploadAction, type UploadStatus } from './uploadItems';
import type { UploadRefusal } from './uploads';

/** A part storage has, with the ETag it answered. */
export interface FinishedPart {
  partNumber: number;
  etag: string | null;
}

/**
 * A file on its way to the gallery, as the queue keeps it (in IndexedDB, so a reload resumes it): the file
 * itself, its slot once granted, and the parts storage already has.
 */
export interface UploadEntry {
  id: string;
  eventCode: string;
  file: Blob;
  name: string;
  contentType: string;
  size: number;
  addedAt: number;
  slot?: UploadSlot;
  /** When the slot was granted: a single-PUT URL outlives it by minutes only. */
  slotAt?: number;
  parts: FinishedPart[];
  /** Storage has every byte: only the confirm is left. */
  stored?: boolean;
  /** The photo challenge the guest chose for it; absent or null for none. */
  challengeId?: string | null;
}

/** What an upload needs from the outside world: the API's mutations and the PUTs to storage. */
export interface UploadTransport {
  requestSlots(entries: readonly UploadEntry[]): Promise<UploadSlot[]>;
  requestParts(uploadId: string, partNumbers: number[]): Promise<{ partNumber: number; url: string }[]>;
  put(
    url: string,
    body: Blob,
    headers: UploadSlot['headers'],
    onProgress: (sentBytes: number) => void,
  ): Promise<string | null>;
  /**
   * Confirms an upload and, in the same request, asks for the slots of `next` (none when empty): the two
   * answers, each kept or refused on its own.
   */
  confirm(uploadId: string, next: readonly UploadEntry[]): ConfirmAnswer;
}

/** A confirm's photo, and the slots asked for beside it. */
export interface ConfirmAnswer {
  photo: Promise<Photo | undefined>;
  slots: Promise<UploadSlot[]>;
}

/** Where the queue keeps its entries between pages. */
export interface UploadKeeper {
  save(entry: UploadEntry): Promise<void>;
  remove(id: string): Promise<void>;
}

/**
 * Pauses before each new try of a request whose answer was lost while the browser says it is online (a venue
 * network that drops, a gateway restart); about a minute in all. While the browser is offline nothing is
 * tried: the queue waits for the network, however long.
 */
export const LOST_ANSWER_DELAYS_MS = [1000, 2000, 4000, 8000, 15000, 30000] as const;

/**
 * Presigned URLs last 5 minutes: one older than this is asked for again rather than risk storage refusing it
 * mid-way.
 */
export const URL_FRESH_MS = 4 * 60 * 1000;

/** Progress reports per file at most this often: a hundred files must not re-render the page continuously. */
const PROGRESS_EVERY_MS = 200;

/** A refusal that sends the file back for a new slot: its upload was abandoned (an hour passed). */
class UploadGoneError extends Error {}

/** New slots one file may take after its upload was abandoned or its URL refused. */
const MAX_RESTARTS = 2;

/** Whether an error means the answer was lost (no answer, or the service could not answer). */
function isLost(error: unknown): boolean {
  if (error instanceof ConnectionLostError) return true;
  if (error instanceof StorageRefusedError) return error.status >= 500;
  return isRetryable(readApiError(error));
}

export interface UploadRun {
  transport: UploadTransport;
  keeper: UploadKeeper;
  network: Network;
  /** The refusal a server error stands for (its code and the count its message needs). */
  refusalOf: (error: unknown) => UploadRefusal;
  dispatch: (action: UploadAction) => void;
  onUploaded: (photo: Photo) => void;
  now?: () => number;
}

/**
 * Uploads files UPLOAD_CONCURRENCY at a time, in the order they were added: a slot, the bytes to storage (in
 * one PUT, or part after part from the first part storage lacks), then the confirm. While the browser is
 * offline each file waits ("paused") and goes on when it is back; a lost answer is asked again. A request
 * refused for going too fast (RATE_LIMITED) holds every file's next request for the seconds the server gave
 * ("busy"), then they go on: it is never a failure. Each file ends done, its photo handed to `onUploaded` once
 * and its entry forgotten, or failed with a refusal the guest can act on.
 */
export class UploadQueue {
  private readonly waiting: UploadEntry[] = [];
  /** Every file added and not ended yet, in order: the files a slot request may ask for next. */
  private readonly order: UploadEntry[] = [];
  private readonly slots = new Map<UploadEntry, Promise<UploadSlot | undefined>>();
  private active = 0;
  private idleWaiters: (() => void)[] = [];
  /**
   * The wait the server asked for after refusing a request for going too fast: when it ends (ms since the
   * epoch), and a promise that resolves then. The limit counts the guest's requests, not one file's, so every
   * file waits it out before its next request.
   */
  private busy: { until: number; over: Promise<void> } | null = null;

  constructor(private readonly run: UploadRun) {}

  add(entries: readonly UploadEntry[]): void {
    this.waiting.push(...entries);
    this.order.push(...entries);
    this.pump();
  }

  /** Resolves when every file added so far has ended. */
  idle(): Promise<void> {
    if (this.active === 0 && this.waiting.length === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private pump(): void {
    while (this.active < UPLOAD_CONCURRENCY && this.waiting.length > 0) {
      const entry = this.waiting.shift()!;
      this.active++;
      void this.send(entry).finally(() => {
        this.order.splice(this.order.indexOf(entry), 1);
        this.slots.delete(entry);
        this.active--;
        this.pump();
        if (this.active === 0 && this.waiting.length === 0) {
          const waiters = this.idleWaiters;
          this.idleWaiters = [];
          waiters.forEach((resolve) => resolve());
        }
      });
    }
  }

  private async send(entry: UploadEntry): Promise<void> {
    const { dispatch, keeper, refusalOf } = this.run;
    const fail = async (refusal: UploadRefusal) => {
      await keeper.remove(entry.id).catch(() => undefined);
      dispatch({ type: 'failed', id: entry.id, refusal });
    };
    if (!(await readable(entry.file))) {
      dispatch({ type: 'status', id: entry.id, status: 'unreadable' });
      return;
    }
    try {
      for (let restarts = 0; ; restarts++) {
        await this.takeSlot(entry);
        if (entry.stored) break;
        dispatch({ type: 'status', id: entry.id, status: 'uploading' });
        try {
          await this.sendBytes(entry);
          entry.stored = true;
          await this.keep(entry);
          break;
        } catch (error) {
          if (!(error instanceof UploadGoneError) || restarts >= MAX_RESTARTS) throw error;
          // Its upload was abandoned while the file waited (a phone asleep for hours): start it again.
          entry.slot = undefined;
          entry.parts = [];
          dispatch({ type: 'progress', id: entry.id, sent: 0 });
        }
      }
      dispatch({ type: 'status', id: entry.id, status: 'confirming' });
      const uploadId = entry.slot!.uploadId;
      const photo = await this.withNetwork(
        entry,
        'confirming',
        () => this.confirmAndAskNext(uploadId),
        'api',
      );
      await keeper.remove(entry.id).catch(() => undefined);
      dispatch({ type: 'status', id: entry.id, status: 'done' });
      if (photo) this.run.onUploaded(photo);
    } catch (error) {
      await fail(
        error instanceof ConnectionLostError ||
          error instanceof StorageRefusedError ||
          error instanceof UploadGoneError
          ? { code: 'UPLOAD_NOT_FOUND' }
          : refusalOf(error),
      );
    }
  }

  /** Gives the entry a slot unless it has one still usable, and keeps it. */
  private async takeSlot(entry: UploadEntry): Promise<void> {
    const now = this.now();
    const usable =
      entry.slot && (entry.stored || entry.slot.multipart || (entry.slotAt ?? 0) + URL_FRESH_MS > now);
    if (usable) return;
    entry.slot = undefined;
    entry.parts = [];
    const slot = await this.withNetwork(entry, 'waiting', () => this.slotFor(entry), 'api');
    this.slots.delete(entry);
    if (!slot) throw new Error('no slot granted');
    entry.slot = slot;
    entry.slotAt = this.now();
    await this.keep(entry);
  }

  /**
   * Slots are asked for just before they are used: the first file without one asks for itself and the next
   * few after it (batchFrom), so the gallery never holds more pending slots than the files about to go (slots
   * are short-lived, and a gallery grants only as many as its plan still allows).
   */
  private slotFor(entry: UploadEntry): Promise<UploadSlot | undefined> {
    const known = this.slots.get(entry);
    if (known) return known;
    const batch = this.batchFrom(entry);
    this.awaitSlots(batch, this.run.transport.requestSlots(batch));
    return this.slots.get(entry)!;
  }

  /**
   * The confirm, carrying the slot request the next file would make as it starts (when this one ends): its
   * slots arrive just as it needs them, and a guest's photos cost one request each rather than one and a third.
   */
  private confirmAndAskNext(uploadId: string): Promise<Photo | undefined> {
    const next = this.waiting[0];
    const batch = next && !next.slot && !this.slots.has(next) ? this.batchFrom(next) : [];
    const answer = this.run.transport.confirm(uploadId, batch);
    this.awaitSlots(batch, answer.slots);
    return answer.photo;
  }

  /**
   * The files one slot request asks for: `entry` and those after it still without a slot, up to
   * UPLOAD_CONCURRENCY. A video asks alone, and photos ask up to the next video: a video's upload can last
   * minutes, and a slot asked for next to it could expire waiting behind it.
   */
  private batchFrom(entry: UploadEntry): UploadEntry[] {
    const following = this.order
      .slice(this.order.indexOf(entry) + 1)
      .filter((next) => !next.slot && !this.slots.has(next));
    const batch = [entry];
    if (isVideoType(entry.contentType)) return batch;
    for (const next of following) {
      // One request names one challenge: a file for another one asks on its own.
      if (batch.length >= UPLOAD_CONCURRENCY || isVideoType(next.contentType)) break;
      if ((next.challengeId ?? null) !== (entry.challengeId ?? null)) break;
      batch.push(next);
    }
    return batch;
  }

  /**
   * Holds each file's slot from `answer` until the file takes it; a failed answer is asked again by whichever
   * file needs it next.
   */
  private awaitSlots(batch: readonly UploadEntry[], answer: Promise<UploadSlot[]>): void {
    batch.forEach((next, index) => {
      const slot = answer.then((granted) => granted[index]);
      // Seen by the file when it starts; one that never does must not leave an unhandled rejection.
      slot.catch(() => undefined);
      this.slots.set(next, slot);
    });
    answer.catch((error: unknown) => {
      // Refused for going too fast beside a confirm: the files it asked for wait before asking again.
      this.waitOutIfTooFast(error);
      batch.forEach((next) => this.slots.delete(next));
    });
  }

  /** The file's bytes to storage: in one PUT, or each part storage does not have yet. */
  private async sendBytes(entry: UploadEntry): Promise<void> {
    const slot = entry.slot!;
    const report = this.progressReporter(entry);
    if (!slot.multipart) {
      await this.withNetwork(
        entry,
        'uploading',
        () => this.run.transport.put(slot.uploadUrl!, entry.file, slot.headers, report),
        'storage',
      ).catch((error: unknown) => {
        // Storage refused the URL (expired while offline): the file takes a new slot.
        if (error instanceof StorageRefusedError && error.status === 403) throw new UploadGoneError();
        // Storage already holds the file and refuses to replace it: an earlier PUT landed and its answer was
        // lost (the network dropped, the page was reloaded). Sent.
        if (error instanceof StorageRefusedError && error.status === 412) return report(entry.size, true);
        throw error;
      });
      return;
    }
    const { partSize, partCount } = slot.multipart;
    const urls = new Map<number, { url: string; at: number }>();
    for (let partNumber = 1; partNumber <= partCount; partNumber++) {
      if (entry.parts.some((part) => part.partNumber === partNumber)) continue;
      const start = (partNumber - 1) * partSize;
      const body = entry.file.slice(start, Math.min(entry.size, start + partSize));
      const before = sentOf(entry);
      const etag = await this.sendPart(entry, urls, partNumber, body, (sent) => report(before + sent));
      entry.parts.push({ partNumber, etag });
      await this.keep(entry);
      report(sentOf(entry), true);
    }
  }

  /** One part to storage; its URL expired while the browser was offline: a fresh one, once or twice. */
  private async sendPart(
    entry: UploadEntry,
    urls: Map<number, { url: string; at: number }>,
    partNumber: number,
    body: Blob,
    onProgress: (sent: number) => void,
  ): Promise<string | null> {
    for (let expired = 0; ; expired++) {
      const url = await this.partUrl(entry, urls, partNumber);
      try {
        return await this.withNetwork(
          entry,
          'uploading',
          () => this.run.transport.put(url, body, [], onProgress),
          'storage',
        );
      } catch (error) {
        if (!(error instanceof StorageRefusedError && error.status === 403) || expired >= 2) throw error;
        urls.delete(partNumber);
      }
    }
  }

  /** A fresh URL for the part, asking for it and the next parts storage lacks, a few at a time. */
  private async partUrl(
    entry: UploadEntry,
    urls: Map<number, { url: string; at: number }>,
    partNumber: number,
  ): Promise<string> {
    const known = urls.get(partNumber);
    if (known && known.at + URL_FRESH_MS > this.now()) return known.url;
    const { partCount } = entry.slot!.multipart!;
    const wanted: number[] = [];
    for (let next = partNumber; next <= partCount && wanted.length < MAX_PARTS_PER_REQUEST; next++) {
      if (!entry.parts.some((part) => part.partNumber === next)) wanted.push(next);
    }
    const uploadId = entry.slot!.uploadId;
    const granted = await this.withNetwork(
      entry,
      'uploading',
      () => this.run.transport.requestParts(uploadId, wanted),
      'api',
    ).catch((error: unknown) => {
      if (readApiError(error).code === 'UPLOAD_NOT_FOUND') throw new UploadGoneError();
      throw error;
    });
    const at = this.now();
    for (const part of granted) urls.set(part.partNumber, { url: part.url, at });
    const url = urls.get(partNumber)?.url;
    if (!url) throw new UploadGoneError();
    return url;
  }

  /**
   * Runs one request, again after a lost answer: while the browser is offline the file shows it waits for the
   * network and nothing is tried until it is back; while online, it is tried again after each of
   * LOST_ANSWER_DELAYS_MS. While the API's "too fast" wait lasts, a request `to` the API is held and the file
   * shows it is busy; one so refused is sent again once the wait is over, however often (storage has no such
   * limit: its PUTs go on). Any other refusal is thrown at once, as is the last lost answer.
   */
  private async withNetwork<T>(
    entry: UploadEntry,
    status: UploadStatus,
    request: () => Promise<T>,
    to: 'api' | 'storage',
  ): Promise<T> {
    const { network, dispatch } = this.run;
    for (let lost = 0; ;) {
      if (!network.online()) {
        dispatch({ type: 'status', id: entry.id, status: 'paused' });
        await network.whenOnline();
        dispatch({ type: 'status', id: entry.id, status });
      }
      if (to === 'api' && this.busy) {
        for (let busy = this.busy; busy; busy = this.busy) {
          dispatch({ type: 'busy', id: entry.id, until: busy.until });
          await busy.over;
        }
        dispatch({ type: 'status', id: entry.id, status });
        continue;
      }
      try {
        return await request();
      } catch (error) {
        if (to === 'api' && this.waitOutIfTooFast(error)) continue;
        if (!isLost(error)) throw error;
        if (!network.online()) continue;
        if (lost >= LOST_ANSWER_DELAYS_MS.length) throw error;
        await network.pause(LOST_ANSWER_DELAYS_MS[lost++]);
      }
    }
  }

  /**
   * Starts the wait a RATE_LIMITED refusal asks for (retryAfterMs), or makes the current one longer; whether
   * `error` was one.
   */
  private waitOutIfTooFast(error: unknown): boolean {
    const wait = retryAfterMs(readApiError(error));
    if (wait === null) return false;
    const until = this.now() + wait;
    if (this.busy && this.busy.until >= until) return true;
    const busy = {
      until,
      over: new Promise<void>((resolve) => setTimeout(resolve, wait)).then(() => {
        if (this.busy === busy) this.busy = null;
      }),
    };
    this.busy = busy;
    return true;
  }

  /** Reports bytes stored, at most every PROGRESS_EVERY_MS unless `now` (a part finished). */
  private progressReporter(entry: UploadEntry): (sent: number, now?: boolean) => void {
    let last = 0;
    return (sent, now = false) => {
      const at = this.now();
      if (!now && at - last < PROGRESS_EVERY_MS) return;
      last = at;
      this.run.dispatch({ type: 'progress', id: entry.id, sent });
    };
  }

  /** Keeps the entry for a later page; a browser that cannot store it only loses the resume. */
  private async keep(entry: UploadEntry): Promise<void> {
    await this.run.keeper.save(entry).catch(() => undefined);
  }

  private now(): number {
    return (this.run.now ?? Date.now)();
  }
}

/** Bytes of the entry's finished parts: what storage has of it. */
export function sentOf(entry: UploadEntry): number {
  if (entry.stored) return entry.size;
  const partSize = entry.slot?.multipart?.partSize ?? entry.size;
  return entry.parts.reduce(
    (sum, part) => sum + Math.min(partSize, entry.size - (part.partNumber - 1) * partSize),
    0,
  );
}

/** Whether the browser still lets the page read the file (it may not, after a reload, once it moved). */
async function readable(file: Blob): Promise<boolean> {
  try {
    await file.slice(0, 1).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}
