import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client';
import type { ErrorCode } from '@gallery/contracts';
import { readApiError } from '../api/apiErrors';
import type { UploadSlot } from './graphql';
import type { Photo } from '../api/photos';
import type { Network } from './network';
import { ConnectionLostError, StorageRefusedError } from './putFile';
import { UPLOAD_CONCURRENCY, uploadsReducer, type UploadItem, type UploadStatus } from './uploadItems';
import {
  LOST_ANSWER_DELAYS_MS,
  sentOf,
  UploadQueue,
  URL_FRESH_MS,
  type UploadEntry,
  type UploadTransport,
} from './uploadQueue';

const refusedWith = (code: ErrorCode) =>
  new CombinedGraphQLErrors({ errors: [{ message: code, extensions: { code } }] });
/** The gateway's refusal of a request sent too fast: the seconds to wait in `count`. */
const tooFast = (seconds: number) =>
  new CombinedGraphQLErrors({
    errors: [{ message: 'RATE_LIMITED', extensions: { code: 'RATE_LIMITED', count: seconds } }],
  });
/** What the browser reports when the connection drops before the answer arrives. */
const answerLost = () => new TypeError('Failed to fetch');

const PART = 10;

const photoFor = (uploadId: string): Photo => ({
  id: `00000000-0000-4000-8000-${uploadId.padStart(12, '0')}`,
  eventCode: 'ACDE3467',
  thumbnailUrl: `/media/photos/${uploadId}/thumbnail`,
  previewUrl: `/media/photos/${uploadId}/preview`,
  originalUrl: `/media/photos/${uploadId}/original`,
  width: 800,
  height: 600,
  createdAt: '2027-06-12T18:00:00.000Z',
  kind: 'photo',
  durationSeconds: null,
  guestName: null,
  challengeId: null,
  uploaderId: null,
});

function entry(index: number, size = 10, contentType = 'image/jpeg'): UploadEntry {
  return {
    id: `upload-${index}`,
    eventCode: 'ACDE3467',
    file: new Blob([new Uint8Array(size)], { type: contentType }),
    name: `photo-${index}.jpg`,
    contentType,
    size,
    addedAt: index,
    parts: [],
  };
}

const entries = (count: number) => Array.from({ length: count }, (_, index) => entry(index));

/**
 * A gallery API and storage that keep what they were asked: slot requests, part URL requests, PUTs (by URL) and
 * confirms per upload. Files over PART bytes go in parts of PART bytes. `confirmAnswers` lists, per upload,
 * what each confirm gets back in turn (an error thrown after the server did the work, or a refusal); once they
 * run out the confirm succeeds, and confirming again is idempotent as on the server. `putAnswers` does the same
 * for PUTs by URL. A confirm carrying a slot request asks for the slots once the confirm is carried out, as the
 * server runs the two fields of one request; `requests` counts the API requests (PUTs apart).
 */
function fakeApi(confirmAnswers: Record<string, Error[]> = {}, putAnswers: Record<string, Error[]> = {}) {
  const slotRequests: string[][] = [];
  const partRequests: number[][] = [];
  const puts: string[] = [];
  const confirms: string[] = [];
  const slotRequestsWithConfirm: string[][] = [];
  const slotRefusals: (Error | undefined)[] = [];
  let requests = 0;
  let nextSlot = 0;
  let pending = 0;
  let mostPending = 0;
  /** The server's side of a slot request: a refusal when `slotRefusals` holds one for it, in turn. */
  const grantSlots = async (batch: readonly UploadEntry[]): Promise<UploadSlot[]> => {
    slotRequests.push(batch.map((next) => next.id));
    const refusal = slotRefusals[slotRequests.length - 1];
    if (refusal) throw refusal;
    pending += batch.length;
    mostPending = Math.max(mostPending, pending);
    return batch.map((next): UploadSlot => {
      const uploadId = `${++nextSlot}`;
      return next.size > PART
        ? {
            uploadId,
            uploadUrl: null,
            headers: [],
            multipart: { partSize: PART, partCount: Math.ceil(next.size / PART) },
          }
        : { uploadId, uploadUrl: `put:${uploadId}`, headers: [] };
    });
  };
  const transport: UploadTransport = {
    requestSlots: async (batch) => {
      requests++;
      return grantSlots(batch);
    },
    requestParts: async (uploadId, partNumbers) => {
      requests++;
      partRequests.push(partNumbers);
      return partNumbers.map((partNumber) => ({ partNumber, url: `put:${uploadId}:${partNumber}` }));
    },
    put: async (url, body, _headers, onProgress) => {
      puts.push(url);
      const answer = putAnswers[url]?.shift();
      if (answer) throw answer;
      onProgress(body.size);
      return `"etag-${url}"`;
    },
    confirm: (uploadId, next) => {
      requests++;
      const photo = (async () => {
        if (!confirms.includes(uploadId)) pending -= 1;
        confirms.push(uploadId);
        const answer = confirmAnswers[uploadId]?.shift();
        if (answer) throw answer;
        return photoFor(uploadId);
      })();
      if (next.length === 0) return { photo, slots: Promise.resolve([]) };
      const slots = photo.then(
        () => {
          slotRequestsWithConfirm.push(next.map((file) => file.id));
          return grantSlots(next);
        },
        () => Promise.reject(new Error('slots not asked')),
      );
      return { photo, slots };
    },
  };
  return {
    transport,
    slotRequests,
    slotRequestsWithConfirm,
    slotRefusals,
    partRequests,
    puts,
    confirms,
    mostPending: () => mostPending,
    requests: () => requests,
  };
}

/** A network the test switches off and on; back-offs only record their length. */
function fakeNetwork() {
  let online = true;
  let back: (() => void)[] = [];
  const pauses: number[] = [];
  const network: Network = {
    online: () => online,
    whenOnline: () => (online ? Promise.resolve() : new Promise<void>((resolve) => back.push(resolve))),
    pause: async (ms) => {
      pauses.push(ms);
    },
  };
  return {
    network,
    pauses,
    goOffline: () => (online = false),
    goOnline: () => {
      online = true;
      back.forEach((resolve) => resolve());
      back = [];
    },
  };
}

function queueFor(transport: UploadTransport, net = fakeNetwork(), now = () => 0) {
  let items: UploadItem[] = [];
  const statuses: Record<string, UploadStatus[]> = {};
  const uploaded: Photo[] = [];
  const kept = new Map<string, UploadEntry>();
  const queue = new UploadQueue({
    transport,
    network: net.network,
    keeper: {
      save: async (saved) => {
        kept.set(saved.id, structuredClone({ ...saved, file: undefined }) as unknown as UploadEntry);
      },
      remove: async (id) => {
        kept.delete(id);
      },
    },
    refusalOf: (error) => ({ code: readApiError(error).code }),
    dispatch: (action) => {
      items = uploadsReducer(items, action);
      if (action.type === 'status') (statuses[action.id] ??= []).push(action.status);
      if (action.type === 'busy' || action.type === 'failed') (statuses[action.id] ??= []).push(action.type);
    },
    onUploaded: (photo) => uploaded.push(photo),
    now,
  });
  const add = (files: UploadEntry[]) => {
    items = uploadsReducer(items, {
      type: 'add',
      items: files.map((next) => ({
        id: next.id,
        name: next.name,
        size: next.size,
        sent: 0,
        status: 'waiting',
      })),
    });
    queue.add(files);
  };
  return { queue, add, items: () => items, statuses, uploaded, kept, net };
}

async function upload(files: UploadEntry[], transport: UploadTransport) {
  const run = queueFor(transport);
  run.add(files);
  await run.queue.idle();
  return { items: run.items(), uploaded: run.uploaded, waits: run.net.pauses, kept: run.kept };
}

describe('confirming an upload whose answer was lost', () => {
  it('sends the confirm again after a lost answer and shows the photo once, with no failure', async () => {
    const api = fakeApi({ '1': [answerLost()] });
    const { items, uploaded, waits, kept } = await upload(entries(1), api.transport);
    expect(api.confirms).toEqual(['1', '1']);
    expect(uploaded.map((photo) => photo.id)).toEqual([photoFor('1').id]);
    expect(items.map((item) => item.status)).toEqual(['done']);
    expect(waits).toEqual([LOST_ANSWER_DELAYS_MS[0]]);
    // Done: nothing is left to resume.
    expect(kept.size).toBe(0);
  });

  it('sends it again while the service answers SERVICE_UNAVAILABLE, waiting longer each time', async () => {
    const api = fakeApi({
      '1': [refusedWith('SERVICE_UNAVAILABLE'), answerLost(), refusedWith('SERVICE_UNAVAILABLE')],
    });
    const { items, uploaded, waits } = await upload(entries(1), api.transport);
    expect(uploaded).toHaveLength(1);
    expect(items[0].status).toBe('done');
    expect(waits).toEqual(LOST_ANSWER_DELAYS_MS.slice(0, 3));
  });

  it('does not send a refused confirm again: the file fails with the refusal', async () => {
    const api = fakeApi({
      '1': [refusedWith('UNSUPPORTED_FILE_TYPE')],
      '2': [refusedWith('PHOTO_LIMIT_REACHED')],
    });
    const { items, uploaded, waits, kept } = await upload(entries(2), api.transport);
    expect(api.confirms).toEqual(['1', '2']);
    expect(uploaded).toEqual([]);
    expect(waits).toEqual([]);
    expect(items.map((item) => [item.status, item.refusal?.code])).toEqual([
      ['failed', 'UNSUPPORTED_FILE_TYPE'],
      ['failed', 'PHOTO_LIMIT_REACHED'],
    ]);
    expect(kept.size).toBe(0);
  });

  it('gives up after the last retry and says the service is not answering', async () => {
    const lost = Array.from({ length: LOST_ANSWER_DELAYS_MS.length + 1 }, answerLost);
    const api = fakeApi({ '1': lost });
    const { items, uploaded, waits } = await upload(entries(1), api.transport);
    expect(api.confirms).toHaveLength(LOST_ANSWER_DELAYS_MS.length + 1);
    expect(waits).toEqual([...LOST_ANSWER_DELAYS_MS]);
    expect(uploaded).toEqual([]);
    expect(items[0]).toMatchObject({ status: 'failed', refusal: { code: 'SERVICE_UNAVAILABLE' } });
  });
});

describe('upload slots', () => {
  it('are asked for just in time, a few files at a time, never all at once', async () => {
    const files = entries(8);
    const api = fakeApi();
    const { uploaded } = await upload(files, api.transport);
    expect(uploaded).toHaveLength(8);
    expect(api.slotRequests.flat()).toEqual(files.map((next) => next.id));
    expect(Math.max(...api.slotRequests.map((batch) => batch.length))).toBe(UPLOAD_CONCURRENCY);
    expect(api.mostPending()).toBeLessThanOrEqual(2 * UPLOAD_CONCURRENCY);
  });

  it('are asked for a video alone, never next to other files that would wait behind it', async () => {
    const files = entries(6);
    for (const index of [1, 4]) files[index] = entry(index, 10, 'video/mp4');
    const api = fakeApi();
    const { uploaded } = await upload(files, api.transport);
    expect(uploaded).toHaveLength(6);
    expect(api.slotRequests.flat().sort()).toEqual(files.map((next) => next.id).sort());
    for (const batch of api.slotRequests) {
      if (batch.includes('upload-1') || batch.includes('upload-4')) expect(batch).toHaveLength(1);
    }
  });

  it('fail the files they were asked for with the refusal, and the next files ask again', async () => {
    const files = entries(5);
    const api = fakeApi();
    api.slotRefusals[0] = refusedWith('PHOTO_LIMIT_REACHED');
    const { items, uploaded } = await upload(files, api.transport);
    expect(items.map((item) => item.status)).toEqual(['failed', 'failed', 'failed', 'done', 'done']);
    expect(items[0].refusal).toEqual({ code: 'PHOTO_LIMIT_REACHED' });
    expect(uploaded).toHaveLength(2);
  });

  it("go with the confirm before them: a guest's files cost one request each, and one more", async () => {
    const files = entries(9);
    const api = fakeApi();
    const { uploaded } = await upload(files, api.transport);
    expect(uploaded).toHaveLength(9);
    // The first three ask on their own; each next three with the confirm of the file whose end starts them.
    expect(api.slotRequests).toEqual([
      ['upload-0', 'upload-1', 'upload-2'],
      ['upload-3', 'upload-4', 'upload-5'],
      ['upload-6', 'upload-7', 'upload-8'],
    ]);
    expect(api.slotRequestsWithConfirm).toEqual(api.slotRequests.slice(1));
    expect(api.requests()).toBe(files.length + 1);
    expect(api.mostPending()).toBeLessThanOrEqual(2 * UPLOAD_CONCURRENCY);
  });

  it('refused beside a confirm: the confirmed photo arrives, and the next files ask again', async () => {
    const files = entries(7);
    const api = fakeApi();
    api.slotRefusals[1] = refusedWith('PHOTO_LIMIT_REACHED');
    api.slotRefusals[2] = refusedWith('PHOTO_LIMIT_REACHED');
    const { items, uploaded } = await upload(files, api.transport);
    expect(api.slotRequestsWithConfirm[0]).toEqual(['upload-3', 'upload-4', 'upload-5']);
    // The refused request's files ask on their own, and the refusal they get is theirs.
    expect(api.slotRequests[2]).toEqual(['upload-3', 'upload-4', 'upload-5']);
    expect(items.map((item) => item.status)).toEqual([
      'done',
      'done',
      'done',
      'failed',
      'failed',
      'failed',
      'done',
    ]);
    expect(items[3].refusal).toEqual({ code: 'PHOTO_LIMIT_REACHED' });
    expect(uploaded).toHaveLength(4);
  });

  it('not asked when the confirm they went with was refused: the next files ask for their own', async () => {
    const files = entries(6);
    const api = fakeApi({ '1': [refusedWith('UNSUPPORTED_FILE_TYPE')] });
    const { items, uploaded } = await upload(files, api.transport);
    expect(items.map((item) => item.status)).toEqual(['failed', 'done', 'done', 'done', 'done', 'done']);
    expect(uploaded).toHaveLength(5);
    expect(api.slotRequests.flat()).toEqual(files.map((next) => next.id));
  });

  it('lost with the confirm they went with: asked again, and every file arrives once', async () => {
    const files = entries(6);
    const api = fakeApi({ '1': [answerLost()] });
    const { items, uploaded } = await upload(files, api.transport);
    expect(items.map((item) => item.status)).toEqual(Array(6).fill('done'));
    expect(new Set(uploaded.map((photo) => photo.id)).size).toBe(6);
    expect(api.slotRequests.flat()).toEqual(files.map((next) => next.id));
  });
});

describe('a refusal for going too fast', () => {
  // The queue's wait is a timer: faked, with Date.now, so the test moves the clock itself. Blob reads and the
  // turns waitUntil takes stay real.
  beforeEach(() => {
    jest.useFakeTimers({ now: 0, doNotFake: ['setImmediate', 'nextTick', 'queueMicrotask'] });
  });
  afterEach(() => {
    jest.useRealTimers();
  });

  /**
   * Starts `files` on a queue whose clock is the fake one, waits until `busyFiles` of them show they wait out the
   * server's "too fast", checks nothing is asked of the API for the whole wait (`apiRequests`) and that they go
   * on, by themselves, the moment it ends. Returns the run, once every file ended.
   */
  async function waitsOut(
    api: ReturnType<typeof fakeApi>,
    files: UploadEntry[],
    busyFiles: string[],
    apiRequests: () => number,
    waitMs: number,
  ) {
    const run = queueFor(api.transport, fakeNetwork(), Date.now);
    run.add(files);
    const busy = () => run.items().filter((item) => item.status === 'busy');
    await waitUntil(() => busy().length === busyFiles.length);
    const start = Date.now();
    expect(busy().map((item) => [item.id, item.resumesAt])).toEqual(
      busyFiles.map((id) => [id, start + waitMs]),
    );
    const before = apiRequests();
    await jest.advanceTimersByTimeAsync(waitMs - 1);
    await settled();
    expect(apiRequests()).toBe(before);
    expect(busy()).toHaveLength(busyFiles.length);

    await jest.advanceTimersByTimeAsync(1);
    await run.queue.idle();
    expect(apiRequests()).toBeGreaterThan(before);
    expect(run.items().map((item) => item.status)).toEqual(files.map(() => 'done'));
    expect(Object.values(run.statuses).flat()).not.toContain('failed');
    expect(run.uploaded).toHaveLength(files.length);
    return run;
  }

  it('on a slot request: its files wait the seconds given, then ask again and arrive', async () => {
    const api = fakeApi();
    api.slotRefusals[0] = tooFast(3);
    const files = entries(2);
    const run = await waitsOut(api, files, ['upload-0', 'upload-1'], () => api.slotRequests.length, 3000);
    expect(api.slotRequests).toEqual([
      ['upload-0', 'upload-1'],
      ['upload-0', 'upload-1'],
    ]);
    expect(run.statuses['upload-0']).toEqual(['busy', 'waiting', 'uploading', 'confirming', 'done']);
  });

  it('on a confirm: the file waits the seconds given, then confirms again and arrives once', async () => {
    const api = fakeApi({ '1': [tooFast(3)] });
    const run = await waitsOut(api, entries(1), ['upload-0'], () => api.confirms.length, 3000);
    expect(api.confirms).toEqual(['1', '1']);
    expect(run.statuses['upload-0']).toEqual(['uploading', 'confirming', 'busy', 'confirming', 'done']);
  });

  it('on a part request: the file waits the seconds given, then asks again and sends every part', async () => {
    const api = fakeApi();
    const askParts = api.transport.requestParts;
    let partAsks = 0;
    api.transport.requestParts = async (uploadId, parts) => {
      if (partAsks++ === 0) throw tooFast(3);
      return askParts(uploadId, parts);
    };
    await waitsOut(api, [entry(0, 25)], ['upload-0'], () => partAsks, 3000);
    expect(api.partRequests).toEqual([[1, 2, 3]]);
    expect(api.puts).toEqual(['put:1:1', 'put:1:2', 'put:1:3']);
  });

  it('on the slots beside a confirm: the photo arrives, the next files wait, then ask for their own', async () => {
    const api = fakeApi();
    api.slotRefusals[1] = tooFast(3);
    const run = await waitsOut(api, entries(4), ['upload-3'], () => api.slotRequests.length, 3000);
    expect(api.slotRequestsWithConfirm).toEqual([['upload-3']]);
    expect(api.slotRequests).toEqual([['upload-0', 'upload-1', 'upload-2'], ['upload-3'], ['upload-3']]);
    expect(run.statuses['upload-3'][0]).toBe('busy');
  });

  it("while the gallery's slots are all taken: the files wait the seconds given, then arrive", async () => {
    const api = fakeApi();
    api.slotRefusals[0] = new CombinedGraphQLErrors({
      errors: [{ message: 'UPLOADS_BUSY', extensions: { code: 'UPLOADS_BUSY', count: 10 } }],
    });
    await waitsOut(api, entries(2), ['upload-0', 'upload-1'], () => api.slotRequests.length, 10_000);
  });

  it('refused again after the wait: waits again, as long as the server says, and never fails', async () => {
    const api = fakeApi();
    api.slotRefusals[0] = tooFast(3);
    api.slotRefusals[1] = tooFast(1);
    const run = queueFor(api.transport, fakeNetwork(), Date.now);
    run.add(entries(1));
    await waitUntil(() => run.items()[0].status === 'busy');
    await jest.advanceTimersByTimeAsync(3000);
    await waitUntil(() => api.slotRequests.length === 2 && run.items()[0].status === 'busy');
    expect(run.items()[0].resumesAt).toBe(4000);
    await jest.advanceTimersByTimeAsync(1000);
    await run.queue.idle();
    expect(api.slotRequests).toHaveLength(3);
    expect(run.items()[0].status).toBe('done');
  });
});

describe('offline', () => {
  it('waits for the network without trying, says so, and goes on by itself: every file arrives once', async () => {
    const api = fakeApi();
    const run = queueFor(api.transport);
    const files = entries(5);
    // The connection drops under the first PUTs: the browser is offline by the time they fail.
    let dropped = false;
    const put = api.transport.put;
    api.transport.put = async (...args) => {
      if (!dropped) {
        dropped = true;
        run.net.goOffline();
      }
      if (!run.net.network.online()) throw new ConnectionLostError();
      return put(...args);
    };
    run.add(files);
    await waitUntil(
      () => run.items().filter((item) => item.status === 'paused').length === UPLOAD_CONCURRENCY,
    );
    const triedOffline = api.puts.length;
    expect(run.items().map((item) => item.status)).toEqual([
      'paused',
      'paused',
      'paused',
      'waiting',
      'waiting',
    ]);

    run.net.goOnline();
    await run.queue.idle();
    expect(api.puts).toHaveLength(triedOffline + files.length);
    expect(run.uploaded.map((photo) => photo.id).sort()).toEqual(
      ['1', '2', '3', '4', '5'].map((id) => photoFor(id).id).sort(),
    );
    expect([...new Set(api.confirms)]).toHaveLength(5);
    expect(api.confirms).toHaveLength(5);
    expect(run.net.pauses).toEqual([]);
    expect(run.statuses['upload-0']).toEqual(['uploading', 'paused', 'uploading', 'confirming', 'done']);
  });
});

describe('files in parts', () => {
  it('sends each part once, keeps each finished part, and after a drop sends only the part that was cut', async () => {
    const file = entry(0, 35);
    const api = fakeApi({}, { 'put:1:2': [new ConnectionLostError()] });
    const { uploaded, items } = await upload([file], api.transport);
    expect(uploaded).toHaveLength(1);
    expect(api.puts).toEqual(['put:1:1', 'put:1:2', 'put:1:2', 'put:1:3', 'put:1:4']);
    expect(api.partRequests).toEqual([[1, 2, 3, 4]]);
    expect(items[0]).toMatchObject({ status: 'done', sent: 35 });
  });

  it('resumes a kept file from the first part storage lacks, with fresh part URLs', async () => {
    const file: UploadEntry = {
      ...entry(0, 35),
      slot: { uploadId: '7', uploadUrl: null, headers: [], multipart: { partSize: PART, partCount: 4 } },
      slotAt: 0,
      parts: [
        { partNumber: 1, etag: '"a"' },
        { partNumber: 2, etag: '"b"' },
      ],
    };
    expect(sentOf(file)).toBe(20);
    const api = fakeApi();
    const { uploaded } = await upload([file], api.transport);
    expect(api.slotRequests).toEqual([]);
    expect(api.partRequests).toEqual([[3, 4]]);
    expect(api.puts).toEqual(['put:7:3', 'put:7:4']);
    expect(api.confirms).toEqual(['7']);
    expect(uploaded).toHaveLength(1);
  });

  it('asks for a fresh URL when storage refuses an expired one', async () => {
    const api = fakeApi({}, { 'put:1:2': [new StorageRefusedError(403, 'Request has expired')] });
    const { uploaded } = await upload([entry(0, 25)], api.transport);
    expect(uploaded).toHaveLength(1);
    expect(api.partRequests).toEqual([
      [1, 2, 3],
      [2, 3],
    ]);
  });

  it('starts over with a new slot when its upload was abandoned while the file waited', async () => {
    const file: UploadEntry = {
      ...entry(0, 25),
      slot: { uploadId: '9', uploadUrl: null, headers: [], multipart: { partSize: PART, partCount: 3 } },
      parts: [{ partNumber: 1, etag: '"a"' }],
    };
    const api = fakeApi();
    const askParts = api.transport.requestParts;
    api.transport.requestParts = async (uploadId, parts) => {
      if (uploadId === '9') throw refusedWith('UPLOAD_NOT_FOUND');
      return askParts(uploadId, parts);
    };
    const { uploaded } = await upload([file], api.transport);
    expect(api.slotRequests).toEqual([['upload-0']]);
    expect(api.puts).toEqual(['put:1:1', 'put:1:2', 'put:1:3']);
    expect(uploaded).toHaveLength(1);
  });
});

describe('a kept queue', () => {
  it('confirms a file storage already has without sending it again', async () => {
    const file: UploadEntry = {
      ...entry(0),
      slot: { uploadId: '4', uploadUrl: 'put:4', headers: [] },
      slotAt: 0,
      stored: true,
    };
    const api = fakeApi();
    const { uploaded } = await upload([file], api.transport);
    expect(api.puts).toEqual([]);
    expect(api.confirms).toEqual(['4']);
    expect(uploaded).toHaveLength(1);
  });

  it('confirms a file storage refuses to take again (412): an earlier PUT landed, its answer lost', async () => {
    const api = fakeApi({}, { 'put:1': [new StorageRefusedError(412, 'PreconditionFailed')] });
    const { items, uploaded } = await upload(entries(1), api.transport);
    expect(api.puts).toEqual(['put:1']);
    expect(api.confirms).toEqual(['1']);
    expect(uploaded).toHaveLength(1);
    expect(items.map((item) => [item.status, item.sent])).toEqual([['done', 10]]);
  });

  it('takes a new slot for a file whose one-PUT URL is too old to trust', async () => {
    const file: UploadEntry = {
      ...entry(0),
      slot: { uploadId: '4', uploadUrl: 'put:4', headers: [] },
      slotAt: 0,
    };
    const api = fakeApi();
    const run = queueFor(api.transport, fakeNetwork(), () => URL_FRESH_MS + 1);
    run.add([file]);
    await run.queue.idle();
    expect(api.puts).toEqual(['put:1']);
    expect(api.confirms).toEqual(['1']);
  });

  it('asks for a file the browser no longer lets the page read, and sends nothing', async () => {
    const file: UploadEntry = { ...entry(0), file: unreadableBlob() };
    const api = fakeApi();
    const { items, kept } = await upload([file], api.transport);
    expect(items[0].status).toBe('unreadable');
    expect(api.slotRequests).toEqual([]);
    expect(kept.size).toBe(0);
  });
});

/** A Blob whose bytes can no longer be read, as a browser gives for a file moved since it was picked. */
function unreadableBlob(): Blob {
  const blob = new Blob([new Uint8Array(10)]);
  blob.slice = () => {
    const broken = new Blob([]);
    broken.arrayBuffer = () => Promise.reject(new DOMException('gone', 'NotReadableError'));
    return broken;
  };
  return blob;
}

/** Lets every answer already given reach the queue (Blob reads and promise turns, no timer). */
async function settled(): Promise<void> {
  for (let turn = 0; turn < 50; turn++) await new Promise((resolve) => setImmediate(resolve));
}

async function waitUntil(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1000 && !condition(); turn++)
    await new Promise((resolve) => setImmediate(resolve));
  expect(condition()).toBe(true);
}
