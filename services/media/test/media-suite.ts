// What the files split from media.test.ts share: one harness per file, uploads as the browser sends them, and
// looks into storage and the database.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { galleryCodeFromBytes, type LivePhoto, type PlanId } from '@gallery/contracts';
import { EventBus } from '@gallery/platform';
import { type TestPlatform, waitFor } from '@gallery/testing';
import { ObjectStorage } from '../src/storage/object-storage.js';
import { putToSlot, REQUEST_PARTS, REQUEST_UPLOADS, sendToSlot, type Slot } from './guest-upload.js';
import { DAY, startMedia, type GraphQLAnswer, type MediaHarness } from './harness.js';

export let media: MediaHarness | undefined;
export let platform: TestPlatform | undefined;
export let app: INestApplication | undefined;
export let bus: EventBus | undefined;
export let s3: S3Client | undefined;
export let db: DataSource;

/**
 * A GraphQL request as the gateway forwards it. Each comes from a client of its own unless told otherwise, so
 * the rate limits only count where a test means them to.
 */
export async function graphql<T>(
  query: string,
  variables: object = {},
  client?: string,
): Promise<GraphQLAnswer<T>> {
  const response = await media!.post(query, variables, { client });
  expect(response.status).toBe(200);
  return response.body as GraphQLAnswer<T>;
}

/** Publishes event.created the way the events service's relay does, and waits for the read model to have it. */
export const createGallery = (plan: PlanId, expiresAt?: Date) => media!.createGallery({ plan, expiresAt });

export const BUCKET = 'media-test';
export const PUBLIC_URL = 'http://localhost:5000';

export const newGalleryCode = () => galleryCodeFromBytes(randomBytes(8));

export const galleryData = (code: string, plan: PlanId, expiresAt = new Date(Date.now() + 7 * DAY)) => ({
  code,
  name: 'Sarah & Mike',
  plan,
  createdAt: new Date().toISOString(),
  expiresAt: expiresAt.toISOString(),
});

export const CONFIRM = `mutation ($code: String!, $id: ID!) {
  confirmPhotoUpload(eventCode: $code, uploadId: $id) {
    id eventCode thumbnailUrl previewUrl originalUrl width height createdAt kind durationSeconds guestName challengeId
    id eventCode thumbnailUrl previewUrl originalUrl width height createdAt kind durationSeconds guestName uploaderId
  }
}`;

export async function requestSlots(
  code: string,
  files: { fileName: string; contentType: string; size: number }[],
  client?: string,
) {
  return graphql<{ requestPhotoUploads: Slot[] }>(REQUEST_UPLOADS, { code, files }, client);
}

export const put = putToSlot;

/** What the browser does: ask for a slot, PUT the bytes to storage with the given headers. */
export async function upload(
  code: string,
  body: Buffer,
  fileName = 'IMG_0001.JPG',
  contentType = 'image/jpeg',
): Promise<Slot> {
  const answer = await requestSlots(code, [{ fileName, contentType, size: body.length }]);
  expect(answer.errors).toBeUndefined();
  const slot = answer.data!.requestPhotoUploads[0];
  const partUrls = async (id: string, parts: number[]) =>
    (
      await graphql<{ requestUploadParts: { partNumber: number; url: string }[] }>(REQUEST_PARTS, {
        code,
        id,
        parts,
      })
    ).data!.requestUploadParts;
  expect(await sendToSlot(slot, body, partUrls)).toBe(200);
  return slot;
}

export async function confirm(code: string, uploadId: string) {
  return graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM, { code, id: uploadId });
}

/** A confirmation with `spy` in place, restored whatever the answer. */
export async function confirmWhileMocked(spy: { mockRestore(): void }, code: string, uploadId: string) {
  try {
    return await confirm(code, uploadId);
  } finally {
    spy.mockRestore();
  }
}

/**
 * The original as media keeps it for the couple (their download and Download All), read from storage: guests'
 * links serve its copy without identifying metadata (guest-privacy.test.ts).
 */
export async function keptOriginal(photoId: string): Promise<Buffer> {
  const [row] = (await db.query('SELECT original_key FROM photos WHERE id = $1', [photoId])) as {
    original_key: string;
  }[];
  const object = await s3!.send(new GetObjectCommand({ Bucket: BUCKET, Key: row.original_key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

export async function originalKeyOf(photoId: string): Promise<string> {
  const [row] = (await db.query('SELECT original_key FROM photos WHERE id = $1', [photoId])) as {
    original_key: string;
  }[];
  return row.original_key;
}

/**
 * Runs `test` with media treating storage as one without conditional writes (what `prepare` finds out at start):
 * upload URLs signed without "If-None-Match: *", so a second PUT lands, and each upload copied before its checks.
 */
export async function withoutConditionalWrites<T>(test: () => Promise<T>): Promise<T> {
  const storage = app!.get(ObjectStorage);
  storage.refusesOverwrites = false;
  try {
    return await test();
  } finally {
    storage.refusesOverwrites = true;
  }
}

export async function objectExists(key: string): Promise<boolean> {
  return s3!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );
}

/** The HTTP status storage answers a HEAD of this object with: 200, or 404 once it is gone. */
export async function headStatus(key: string): Promise<number | undefined> {
  return s3!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    (head) => head.$metadata.httpStatusCode,
    (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode,
  );
}

/** Every key in storage under a prefix. */
export async function keysUnder(prefix: string): Promise<string[]> {
  const listing = await s3!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

/** The keys a photo's row points at. */
export async function photoKeys(id: string): Promise<string[]> {
  const [row] = await db.query('SELECT original_key, thumbnail_key, preview_key FROM photos WHERE id = $1', [
    id,
  ]);
  return [row.original_key, row.thumbnail_key, row.preview_key].filter(Boolean);
}

/** Nothing of this upload left in storage: neither its staged object nor any copy made for its photo. */
export async function expectNothingStored(uploadId: string): Promise<void> {
  expect(await objectExists(`staging/${uploadId}`)).toBe(false);
  expect(await keysUnder(`photos/${uploadId}/`)).toEqual([]);
}

export async function uploadStatus(id: string): Promise<string> {
  const [{ status }] = await db.query('SELECT status FROM uploads WHERE id = $1', [id]);
  return status;
}

export async function ageUploads(ids: string[], age: string): Promise<void> {
  await db.query(`UPDATE uploads SET created_at = now() - $2::interval WHERE id = ANY($1)`, [ids, age]);
}

/** Follows a stable photo URL the way a browser does: the app's redirect, then the presigned URL. */
export async function fetchPhoto(url: string) {
  const path = new URL(url).pathname;
  const redirect = await request(app!.getHttpServer()).get(path);
  expect(redirect.status).toBe(302);
  const object = await fetch(redirect.headers.location);
  expect(object.status).toBe(200);
  return { redirect, object, bytes: Buffer.from(await object.arrayBuffer()) };
}

/** Waits until a photo's preview, made after its commit, is stored. */
export async function previewStored(id: string): Promise<void> {
  await waitFor(`the preview of ${id}`, async () => {
    const [row] = await db.query('SELECT preview_pending FROM photos WHERE id = $1', [id]);
    return row && !row.preview_pending;
  });
}

export const photoJpeg = (width: number, height: number, background = '#c96') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

/** One media harness for the file: started before its tests, stopped after them. */
export function useMedia(): void {
  beforeAll(async () => {
    // Tests run deletions themselves, so a background run never takes a row a test is looking at (the harness's).
    media = await startMedia({ bucket: BUCKET });
    ({ platform, app, bus, db, s3 } = media);
  });

  afterAll(() => media?.stop());
}
