import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  ListPartsCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import {
  MAX_PARTS_PER_REQUEST,
  GUEST_RATE_LIMITS,
  MULTIPART_THRESHOLD_BYTES,
  UPLOAD_PART_BYTES,
  type LivePhoto,
  type PlanId,
} from '@gallery/contracts';
import { AbandonedUploadSweeper } from '../src/uploads/abandoned-upload-sweeper.js';
import { MultipartUploads } from '../src/uploads/multipart-uploads.service.js';
import { UploadEntity } from '../src/uploads/upload.entity.js';
import { REQUEST_UPLOADS, type Slot } from './guest-upload.js';
import { DAY, startMedia, type GraphQLAnswer, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let app: INestApplication | undefined;
let s3: S3Client | undefined;
let db: DataSource;

/** A GraphQL request as the gateway forwards it, from a client of its own unless told otherwise. */
async function graphql<T>(query: string, variables: object, client?: string): Promise<GraphQLAnswer<T>> {
  const response = await media!.post(query, variables, { client });
  expect(response.status).toBe(200);
  return response.body as GraphQLAnswer<T>;
}

const createGallery = (plan: PlanId) => media!.createGallery({ plan });

const BUCKET = 'multipart-test';

const REQUEST_MULTIPART_UPLOADS = `mutation ($code: String!, $files: [PhotoUploadRequest!]!) {
  requestPhotoUploads(eventCode: $code, files: $files) {
    uploadId uploadUrl headers { name value } multipart { partSize partCount }
  }
}`;

const REQUEST_PARTS = `mutation ($code: String!, $id: ID!, $parts: [Int!]!) {
  requestUploadParts(eventCode: $code, uploadId: $id, partNumbers: $parts) { partNumber url }
}`;

const CONFIRM = `mutation ($code: String!, $id: ID!) {
  confirmPhotoUpload(eventCode: $code, uploadId: $id) { id width height kind }
}`;

interface MultipartSlot extends Omit<Slot, 'uploadUrl'> {
  uploadUrl: string | null;
  multipart: { partSize: number; partCount: number } | null;
}

/** A PNG of noise (it does not compress) over the threshold for parts: it goes in two. */
const largePhoto = () =>
  sharp(randomBytes(2800 * 1200 * 3), { raw: { width: 2800, height: 1200, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();

async function slotFor(code: string, body: Buffer, contentType = 'image/png'): Promise<MultipartSlot> {
  const answer = await graphql<{ requestPhotoUploads: MultipartSlot[] }>(REQUEST_MULTIPART_UPLOADS, {
    code,
    files: [{ fileName: 'IMG_0002.PNG', contentType, size: body.length }],
  });
  expect(answer.errors).toBeUndefined();
  return answer.data!.requestPhotoUploads[0];
}

async function partUrls(code: string, id: string, parts: number[], client?: string) {
  return graphql<{ requestUploadParts: { partNumber: number; url: string }[] }>(
    REQUEST_PARTS,
    { code, id, parts },
    client,
  );
}

/** PUTs one part as the browser does, from another origin, and reads back the ETag CORS lets it see. */
async function putPart(url: string, body: Buffer, partNumber: number, partSize: number): Promise<string> {
  const response = await fetch(url, {
    method: 'PUT',
    headers: { Origin: 'http://localhost:5000' },
    body: body.subarray((partNumber - 1) * partSize, partNumber * partSize),
  });
  expect(response.status).toBe(200);
  expect(response.headers.get('access-control-expose-headers')).toContain('ETag');
  return response.headers.get('etag')!;
}

async function confirm(code: string, id: string) {
  return graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM, { code, id });
}

async function multipartUploadId(id: string): Promise<string> {
  const [row] = await db.query('SELECT multipart_upload_id FROM uploads WHERE id = $1', [id]);
  return row.multipart_upload_id;
}

/** The parts storage holds for an upload, by number; null once storage no longer knows the upload. */
async function partsInStorage(id: string): Promise<number[] | null> {
  const listed = await s3!
    .send(
      new ListPartsCommand({ Bucket: BUCKET, Key: `staging/${id}`, UploadId: await multipartUploadId(id) }),
    )
    .catch((error: { name?: string }) => {
      if (error.name === 'NoSuchUpload') return null;
      throw error;
    });
  return listed && (listed.Parts ?? []).map((part) => part.PartNumber!);
}

async function multipartUploadsOf(id: string): Promise<string[]> {
  const listed = await s3!.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: `staging/${id}` }));
  return (listed.Uploads ?? []).map((upload) => upload.UploadId!);
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listing = await s3!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

beforeAll(async () => {
  media = await startMedia({ bucket: BUCKET, config: { uploadSweepIntervalMs: DAY } });
  ({ app, db, s3 } = media);
});

afterAll(() => media?.stop());

describe('uploads in parts', () => {
  it('sends a photo larger than one part in parts, resumes after the first, and records it once', async () => {
    const code = await createGallery('standard');
    const photo = await largePhoto();
    expect(photo.length).toBeGreaterThan(MULTIPART_THRESHOLD_BYTES);
    const slot = await slotFor(code, photo);
    expect(slot.uploadUrl).toBeNull();
    // No single PUT, so no headers for one: the parts' URLs are signed for their length alone.
    expect(slot.headers).toEqual([]);
    expect(slot.multipart).toEqual({ partSize: UPLOAD_PART_BYTES, partCount: 2 });

    const [first] = (await partUrls(code, slot.uploadId, [1])).data!.requestUploadParts;
    expect(first.partNumber).toBe(1);
    const firstEtag = await putPart(first.url, photo, 1, UPLOAD_PART_BYTES);
    expect(firstEtag).toMatch(/^"[0-9a-f]{32}"$/);
    expect(await partsInStorage(slot.uploadId)).toEqual([1]);

    // A confirm before the last part leaves the upload pending: the browser can still send it.
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    const [{ status }] = await db.query('SELECT status FROM uploads WHERE id = $1', [slot.uploadId]);
    expect(status).toBe('pending');

    // The connection dropped after part 1: the browser resumes from part 2 with a fresh URL.
    const [second] = (await partUrls(code, slot.uploadId, [2])).data!.requestUploadParts;
    await putPart(second.url, photo, 2, UPLOAD_PART_BYTES);
    expect(await partsInStorage(slot.uploadId)).toEqual([1, 2]);

    const answer = await confirm(code, slot.uploadId);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.confirmPhotoUpload).toEqual({
      id: slot.uploadId,
      width: 2800,
      height: 1200,
      kind: 'photo',
    });
    expect(await multipartUploadsOf(slot.uploadId)).toEqual([]);

    // Its answer was lost: the browser confirms again and finds the same photo, recorded once.
    const again = await confirm(code, slot.uploadId);
    expect(again.data!.confirmPhotoUpload.id).toBe(slot.uploadId);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(1);
    const photos: unknown[] = await db.query('SELECT 1 FROM photos WHERE event_code = $1', [code]);
    expect(photos).toHaveLength(1);
    // Joined and copied: the part URLs can no longer write anything.
    expect((await partUrls(code, slot.uploadId, [1])).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
  });

  it('records a photo whose parts were joined by a confirm that never answered', async () => {
    const code = await createGallery('standard');
    const photo = await largePhoto();
    const slot = await slotFor(code, photo);
    const urls = (await partUrls(code, slot.uploadId, [1, 2])).data!.requestUploadParts;
    for (const part of urls) await putPart(part.url, photo, part.partNumber, UPLOAD_PART_BYTES);
    // The first confirm joined the parts in storage, then its process went away before recording the photo.
    const upload = await db.manager.findOneByOrFail(UploadEntity, { id: slot.uploadId });
    await app!.get(MultipartUploads).assemble(upload);
    expect(await multipartUploadsOf(slot.uploadId)).toEqual([]);

    const answer = await confirm(code, slot.uploadId);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.confirmPhotoUpload.id).toBe(slot.uploadId);
    const photos: unknown[] = await db.query('SELECT 1 FROM photos WHERE event_code = $1', [code]);
    expect(photos).toHaveLength(1);
  });

  it('grants part URLs only for the parts of a pending upload in parts of that gallery', async () => {
    const code = await createGallery('standard');
    const photo = await largePhoto();
    const slot = await slotFor(code, photo);
    const small = (
      await graphql<{ requestPhotoUploads: Slot[] }>(REQUEST_UPLOADS, {
        code,
        files: [{ fileName: 'small.jpg', contentType: 'image/jpeg', size: 1000 }],
      })
    ).data!.requestPhotoUploads[0];
    const codeOf = async (answer: Promise<GraphQLAnswer<unknown>>) =>
      (await answer).errors?.[0].extensions?.code;

    expect(await codeOf(partUrls(code, slot.uploadId, [0]))).toBe('BAD_USER_INPUT');
    expect(await codeOf(partUrls(code, slot.uploadId, [3]))).toBe('BAD_USER_INPUT');
    const tooMany = Array.from({ length: MAX_PARTS_PER_REQUEST + 1 }, () => 1);
    expect(await codeOf(partUrls(code, slot.uploadId, tooMany))).toBe('BAD_USER_INPUT');
    expect(await codeOf(partUrls(code, small.uploadId, [1]))).toBe('UPLOAD_NOT_FOUND');
    const otherGallery = await createGallery('standard');
    expect(await codeOf(partUrls(otherGallery, slot.uploadId, [1]))).toBe('UPLOAD_NOT_FOUND');
    expect(await codeOf(partUrls(code, 'not-an-id', [1]))).toBe('UPLOAD_NOT_FOUND');
    // A file of one part goes in one PUT.
    expect(small.uploadUrl).toEqual(expect.any(String));
    // Each URL names its one part of its one upload.
    const [url] = (await partUrls(code, slot.uploadId, [2])).data!.requestUploadParts;
    const signed = new URL(url.url);
    expect(signed.pathname).toBe(`/${BUCKET}/staging/${slot.uploadId}`);
    expect(signed.searchParams.get('partNumber')).toBe('2');
    expect(signed.searchParams.get('uploadId')).toBe(await multipartUploadId(slot.uploadId));
    expect(signed.searchParams.get('X-Amz-SignedHeaders')).toContain('content-length');
    expect(Number(signed.searchParams.get('X-Amz-Expires'))).toBeLessThanOrEqual(300);
  });

  it('refuses part URL requests beyond the rate limit of one client', async () => {
    const code = await createGallery('standard');
    const slot = await slotFor(code, await largePhoto());
    const client = randomUUID();
    const { points } = GUEST_RATE_LIMITS.uploadPartRequests.perGuest;
    for (let asked = 0; asked < points; asked++) {
      expect((await partUrls(code, slot.uploadId, [1], client)).errors).toBeUndefined();
    }
    const refused = await partUrls(code, slot.uploadId, [1], client);
    expect(refused.errors?.[0].extensions?.code).toBe('RATE_LIMITED');
    expect((await partUrls(code, slot.uploadId, [1])).errors).toBeUndefined();
  });

  it('aborts an abandoned upload in parts: no part and no object stays in storage', async () => {
    const code = await createGallery('standard');
    const photo = await largePhoto();
    const abandoned = await slotFor(code, photo);
    const fresh = await slotFor(code, photo);
    for (const slot of [abandoned, fresh]) {
      const [first] = (await partUrls(code, slot.uploadId, [1])).data!.requestUploadParts;
      await putPart(first.url, photo, 1, UPLOAD_PART_BYTES);
    }
    await db.query(`UPDATE uploads SET created_at = now() - interval '2 hours' WHERE id = $1`, [
      abandoned.uploadId,
    ]);

    expect(await app!.get(AbandonedUploadSweeper).sweepOnce()).toBe(1);

    expect(await partsInStorage(abandoned.uploadId)).toBeNull();
    expect(await multipartUploadsOf(abandoned.uploadId)).toEqual([]);
    expect(await keysUnder(`staging/${abandoned.uploadId}`)).toEqual([]);
    expect(await keysUnder(`photos/${abandoned.uploadId}`)).toEqual([]);
    expect((await partUrls(code, abandoned.uploadId, [2])).errors?.[0].extensions?.code).toBe(
      'UPLOAD_NOT_FOUND',
    );
    // The upload still being sent keeps its parts.
    expect(await partsInStorage(fresh.uploadId)).toEqual([1]);
  });
});
