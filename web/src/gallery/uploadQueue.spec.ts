import { describe, expect, it } from '@jest/globals';
import { CombinedGraphQLErrors } from '@apollo/client';
import type { ErrorCode } from '@gallery/contracts';
import { readApiError } from '../api/apiErrors';
import type { Photo, UploadSlot } from './graphql';
import { CONFIRM_RETRY_DELAYS_MS, runUploads, type UploadEntry, type UploadTransport } from './uploadQueue';
import { UPLOAD_CONCURRENCY, uploadsReducer, type UploadAction, type UploadItem } from './uploads';

const refusedWith = (code: ErrorCode) =>
  new CombinedGraphQLErrors({ errors: [{ message: code, extensions: { code } }] });
/** What the browser reports when the connection drops before the answer arrives. */
const answerLost = () => new TypeError('Failed to fetch');

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
});

function entries(count: number): UploadEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    id: `upload-${index}`,
    file: new File([new Uint8Array(10)], `photo-${index}.jpg`, { type: 'image/jpeg' }),
    contentType: 'image/jpeg',
  }));
}

/**
 * A gallery API that keeps what it was asked: slot requests, and confirms per upload. `confirmAnswers` lists,
 * per upload, what each confirm gets back in turn (an error thrown after the server did the work, or a
 * refusal); once they run out the confirm succeeds, and confirming again is idempotent as on the server.
 */
function fakeApi(confirmAnswers: Record<string, Error[]> = {}) {
  const slotRequests: string[][] = [];
  const confirms: string[] = [];
  let nextSlot = 0;
  let pending = 0;
  let mostPending = 0;
  const transport: UploadTransport = {
    requestSlots: async (batch) => {
      slotRequests.push(batch.map((entry) => entry.id));
      pending += batch.length;
      mostPending = Math.max(mostPending, pending);
      return batch.map((): UploadSlot => ({
        uploadId: `${++nextSlot}`,
        uploadUrl: 'http://s3/x',
        headers: [],
      }));
    },
    put: async (_slot, _entry, onProgress) => onProgress(100),
    confirm: async (uploadId) => {
      if (!confirms.includes(uploadId)) pending -= 1;
      confirms.push(uploadId);
      const answer = confirmAnswers[uploadId]?.shift();
      if (answer) throw answer;
      return photoFor(uploadId);
    },
  };
  return { transport, slotRequests, confirms, mostPending: () => mostPending };
}

async function upload(files: UploadEntry[], transport: UploadTransport) {
  let items: UploadItem[] = uploadsReducer([], {
    type: 'add',
    items: files.map((entry) => ({ id: entry.id, name: entry.file.name, status: 'waiting', progress: 0 })),
  });
  const uploaded: Photo[] = [];
  const waits: number[] = [];
  await runUploads({
    entries: files,
    transport,
    refusalOf: (error) => ({ code: readApiError(error).code }),
    dispatch: (action: UploadAction) => {
      items = uploadsReducer(items, action);
    },
    onUploaded: (photo) => uploaded.push(photo),
    wait: async (ms) => {
      waits.push(ms);
    },
  });
  return { items, uploaded, waits };
}

describe('confirming an upload whose answer was lost', () => {
  it('sends the confirm again after a lost answer and shows the photo once, with no failure', async () => {
    const api = fakeApi({ '1': [answerLost()] });
    const { items, uploaded, waits } = await upload(entries(1), api.transport);
    expect(api.confirms).toEqual(['1', '1']);
    expect(uploaded.map((photo) => photo.id)).toEqual([photoFor('1').id]);
    expect(items.map((item) => item.status)).toEqual(['done']);
    expect(waits).toEqual([CONFIRM_RETRY_DELAYS_MS[0]]);
  });

  it('sends it again while the service answers SERVICE_UNAVAILABLE, waiting longer each time', async () => {
    const api = fakeApi({
      '1': [refusedWith('SERVICE_UNAVAILABLE'), answerLost(), refusedWith('SERVICE_UNAVAILABLE')],
    });
    const { items, uploaded, waits } = await upload(entries(1), api.transport);
    expect(uploaded).toHaveLength(1);
    expect(items[0].status).toBe('done');
    expect(waits).toEqual(CONFIRM_RETRY_DELAYS_MS.slice(0, 3));
  });

  it('does not send a refused confirm again: the file fails with the refusal', async () => {
    const api = fakeApi({
      '1': [refusedWith('UNSUPPORTED_FILE_TYPE')],
      '2': [refusedWith('PHOTO_LIMIT_REACHED')],
    });
    const { items, uploaded, waits } = await upload(entries(2), api.transport);
    expect(api.confirms).toEqual(['1', '2']);
    expect(uploaded).toEqual([]);
    expect(waits).toEqual([]);
    expect(items.map((item) => [item.status, item.refusal?.code])).toEqual([
      ['failed', 'UNSUPPORTED_FILE_TYPE'],
      ['failed', 'PHOTO_LIMIT_REACHED'],
    ]);
  });

  it('gives up after the last retry and says the service is not answering', async () => {
    const lost = Array.from({ length: CONFIRM_RETRY_DELAYS_MS.length + 1 }, answerLost);
    const api = fakeApi({ '1': lost });
    const { items, uploaded, waits } = await upload(entries(1), api.transport);
    expect(api.confirms).toHaveLength(CONFIRM_RETRY_DELAYS_MS.length + 1);
    expect(waits).toEqual([...CONFIRM_RETRY_DELAYS_MS]);
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
    expect(api.slotRequests.flat()).toEqual(files.map((entry) => entry.id));
    expect(Math.max(...api.slotRequests.map((batch) => batch.length))).toBe(UPLOAD_CONCURRENCY);
    expect(api.mostPending()).toBeLessThanOrEqual(2 * UPLOAD_CONCURRENCY);
  });

  it('are asked for a video alone, never next to other files that would wait behind it', async () => {
    const files = entries(6);
    for (const index of [1, 4]) {
      files[index] = {
        id: files[index].id,
        file: new File([new Uint8Array(10)], `clip-${index}.mp4`, { type: 'video/mp4' }),
        contentType: 'video/mp4',
      };
    }
    const api = fakeApi();
    const { uploaded } = await upload(files, api.transport);
    expect(uploaded).toHaveLength(6);
    expect(api.slotRequests.flat().sort()).toEqual(files.map((entry) => entry.id).sort());
    for (const batch of api.slotRequests) {
      if (batch.includes('upload-1') || batch.includes('upload-4')) expect(batch).toHaveLength(1);
    }
  });

  it('fail the files they were asked for with the refusal, and the next files ask again', async () => {
    const files = entries(5);
    const api = fakeApi();
    let requests = 0;
    const askSlots = api.transport.requestSlots;
    api.transport.requestSlots = async (batch) => {
      if (++requests === 1) throw refusedWith('RATE_LIMITED');
      return askSlots(batch);
    };
    const { items, uploaded } = await upload(files, api.transport);
    expect(items.map((item) => item.status)).toEqual(['failed', 'failed', 'failed', 'done', 'done']);
    expect(items[0].refusal).toEqual({ code: 'RATE_LIMITED' });
    expect(uploaded).toHaveLength(2);
  });
});
