import { readFileSync } from 'node:fs';
import { randomBytes, randomUUID } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import {
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import { DeliverPolicy } from '@nats-io/jetstream';
import { parse, type ObjectTypeDefinitionNode } from 'graphql';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  API_LIMITS,
  DOMAIN_STREAM,
  englishMessage,
  galleryCodeFromBytes,
  galleryLookupReplySchema,
  galleryPhotosReplySchema,
  en,
  galleryPhotosRequestSchema,
  galleryLookupRequestSchema,
  LIVE_PHOTO_FIELDS,
  MAX_GUEST_NAME_CHARS,
  MAX_PENDING_UPLOADS_PER_GALLERY,
  UPLOADS_BUSY_RETRY_SECONDS,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGAPIXELS,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_MEGABYTES,
  parseDomainEvent,
  Requests,
  Subjects,
  type ArchivePhoto,
  type DomainEvent,
  type LivePhoto,
  type PhotoUploadedData,
  type PlanId,
} from '@gallery/contracts';
import { createS3Client, EventBus, OutboxRelay } from '@gallery/platform';
import { findFreePort, startS3, type LocalS3 } from '@gallery/local-servers';
import { type TestPlatform, waitFor } from '@gallery/testing';
import { GalleryReadModelConsumer } from '../src/gallery-read-model/gallery-read-model.consumer.js';
import { RevealAnnouncer } from '../src/galleries/reveal-announcer.js';
import { ImageProcessor, type ImageSource } from '../src/images/image-processor.js';
import { PhotoPreviews } from '../src/photos/photo-previews.js';
import { ObjectStorage } from '../src/storage/object-storage.js';
import { PHOTO_TYPE_HEAD_BYTES } from '../src/uploads/detect-photo-type.js';
import { StorageDeletions } from '../src/storage/storage-deletions.js';
import { PhotoRemovalService } from '../src/photos/photo-removal.service.js';
import { AbandonedUploadSweeper } from '../src/uploads/abandoned-upload-sweeper.js';
import { GuestCopySweep } from '../src/guest-copies/guest-copy.sweep.js';
import { iphoneLikeHeic } from './fixtures/iphone-like-heic.js';
import { UPLOAD_URL_SECONDS } from '../src/storage/upload-url-lifetime.js';
import { pixelBombPng } from './fixtures/pixel-bomb.js';
import { VideoFrames } from '../src/videos/video-frames.js';
import { holdPreviewOf, holdPreviewsOf } from './held-previews.js';
import { putToSlot, REQUEST_PARTS, REQUEST_UPLOADS, sendToSlot, type Slot } from './guest-upload.js';
import { DAY, startMedia, type GraphQLAnswer, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let platform: TestPlatform | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let s3: S3Client | undefined;
let db: DataSource;
let restartedS3: LocalS3 | undefined;

/**
 * A GraphQL request as the gateway forwards it. Each comes from a client of its own unless told otherwise, so
 * the rate limits only count where a test means them to.
 */
async function graphql<T>(query: string, variables: object = {}, client?: string): Promise<GraphQLAnswer<T>> {
  const response = await media!.post(query, variables, { client });
  expect(response.status).toBe(200);
  return response.body as GraphQLAnswer<T>;
}

/** Publishes event.created the way the events service's relay does, and waits for the read model to have it. */
const createGallery = (plan: PlanId, expiresAt?: Date) => media!.createGallery({ plan, expiresAt });

const BUCKET = 'media-test';
const PUBLIC_URL = 'http://localhost:5000';

const newGalleryCode = () => galleryCodeFromBytes(randomBytes(8));

const galleryData = (code: string, plan: PlanId, expiresAt = new Date(Date.now() + 7 * DAY)) => ({
  code,
  name: 'Sarah & Mike',
  plan,
  createdAt: new Date().toISOString(),
  expiresAt: expiresAt.toISOString(),
});

const CONFIRM = `mutation ($code: String!, $id: ID!) {
  confirmPhotoUpload(eventCode: $code, uploadId: $id) {
    id eventCode thumbnailUrl previewUrl originalUrl width height createdAt kind durationSeconds guestName challengeId
    id eventCode thumbnailUrl previewUrl originalUrl width height createdAt kind durationSeconds guestName uploaderId
  }
}`;

async function requestSlots(
  code: string,
  files: { fileName: string; contentType: string; size: number }[],
  client?: string,
) {
  return graphql<{ requestPhotoUploads: Slot[] }>(REQUEST_UPLOADS, { code, files }, client);
}

const put = putToSlot;

/** What the browser does: ask for a slot, PUT the bytes to storage with the given headers. */
async function upload(
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

async function confirm(code: string, uploadId: string) {
  return graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM, { code, id: uploadId });
}

/** A confirmation with `spy` in place, restored whatever the answer. */
async function confirmWhileMocked(spy: { mockRestore(): void }, code: string, uploadId: string) {
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
async function keptOriginal(photoId: string): Promise<Buffer> {
  const [row] = (await db.query('SELECT original_key FROM photos WHERE id = $1', [photoId])) as {
    original_key: string;
  }[];
  const object = await s3!.send(new GetObjectCommand({ Bucket: BUCKET, Key: row.original_key }));
  return Buffer.from(await object.Body!.transformToByteArray());
}

async function originalKeyOf(photoId: string): Promise<string> {
  const [row] = (await db.query('SELECT original_key FROM photos WHERE id = $1', [photoId])) as {
    original_key: string;
  }[];
  return row.original_key;
}

/**
 * Runs `test` with media treating storage as one without conditional writes (what `prepare` finds out at start):
 * upload URLs signed without "If-None-Match: *", so a second PUT lands, and each upload copied before its checks.
 */
async function withoutConditionalWrites<T>(test: () => Promise<T>): Promise<T> {
  const storage = app!.get(ObjectStorage);
  storage.refusesOverwrites = false;
  try {
    return await test();
  } finally {
    storage.refusesOverwrites = true;
  }
}

async function objectExists(key: string): Promise<boolean> {
  return s3!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    () => true,
    () => false,
  );
}

/** The HTTP status storage answers a HEAD of this object with: 200, or 404 once it is gone. */
async function headStatus(key: string): Promise<number | undefined> {
  return s3!.send(new HeadObjectCommand({ Bucket: BUCKET, Key: key })).then(
    (head) => head.$metadata.httpStatusCode,
    (error: { $metadata?: { httpStatusCode?: number } }) => error.$metadata?.httpStatusCode,
  );
}

/** Every key in storage under a prefix. */
async function keysUnder(prefix: string): Promise<string[]> {
  const listing = await s3!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

/** The keys a photo's row points at. */
async function photoKeys(id: string): Promise<string[]> {
  const [row] = await db.query('SELECT original_key, thumbnail_key, preview_key FROM photos WHERE id = $1', [
    id,
  ]);
  return [row.original_key, row.thumbnail_key, row.preview_key].filter(Boolean);
}

/** Nothing of this upload left in storage: neither its staged object nor any copy made for its photo. */
async function expectNothingStored(uploadId: string): Promise<void> {
  expect(await objectExists(`staging/${uploadId}`)).toBe(false);
  expect(await keysUnder(`photos/${uploadId}/`)).toEqual([]);
}

async function uploadStatus(id: string): Promise<string> {
  const [{ status }] = await db.query('SELECT status FROM uploads WHERE id = $1', [id]);
  return status;
}

async function ageUploads(ids: string[], age: string): Promise<void> {
  await db.query(`UPDATE uploads SET created_at = now() - $2::interval WHERE id = ANY($1)`, [ids, age]);
}

/** Follows a stable photo URL the way a browser does: the app's redirect, then the presigned URL. */
async function fetchPhoto(url: string) {
  const path = new URL(url).pathname;
  const redirect = await request(app!.getHttpServer()).get(path);
  expect(redirect.status).toBe(302);
  const object = await fetch(redirect.headers.location);
  expect(object.status).toBe(200);
  return { redirect, object, bytes: Buffer.from(await object.arrayBuffer()) };
}

/** Waits until a photo's preview, made after its commit, is stored. */
async function previewStored(id: string): Promise<void> {
  await waitFor(`the preview of ${id}`, async () => {
    const [row] = await db.query('SELECT preview_pending FROM photos WHERE id = $1', [id]);
    return row && !row.preview_pending;
  });
}

const photoJpeg = (width: number, height: number, background = '#c96') =>
  sharp({ create: { width, height, channels: 3, background } })
    .jpeg()
    .toBuffer();

beforeAll(async () => {
  // Tests run deletions themselves, so a background run never takes a row a test is looking at (the harness's).
  media = await startMedia({ bucket: BUCKET });
  ({ platform, app, bus, db, s3 } = media);
});

afterAll(async () => {
  await media?.stop();
  await restartedS3?.stop();
});

describe('media service', () => {
  it('is healthy when its database, NATS and storage answer', async () => {
    const response = await request(app!.getHttpServer()).get('/health');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: 'ok', checks: { database: 'ok', nats: 'ok', storage: 'ok' } });
  });

  it('prints a federation 2 subgraph extending Event with its photos', async () => {
    const answer = await graphql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    const sdl = answer.data!._service.sdl;
    if (process.env.PRINT_SDL) process.stdout.write(`${sdl}\n`);
    expect(sdl).toContain('@link(url: "https://specs.apollo.dev/federation/v2');
    expect(sdl).toMatch(/type Event\s+@key\(fields: "code"\)/);
    expect(sdl).toMatch(
      /photos\(\s*first: Int = 30\s+after: String\s+"""[^"]*"""\s+challengeId: ID\s+"""[^"]*"""\s+table: Int\s+"""[^"]*"""\s+order: PhotoOrder = NEWEST\s+"""[^"]*"""\s+mine: Boolean = false\s*\): PhotoPage!/,
    );
    expect(sdl).toContain('challenges: [Challenge!]!');
    expect(sdl).toMatch(/type Photo\s+@key\(fields: "id"\)/);
    expect(sdl).toContain('confirmPhotoUpload(eventCode: String!, uploadId: ID!): Photo!');
  });

  it("prints exactly the shared contract's photo fields on Photo, and the one only its uploader reads", async () => {
    const answer = await graphql<{ _service: { sdl: string } }>('{ _service { sdl } }');
    const photo = parse(answer.data!._service.sdl).definitions.find(
      (definition): definition is ObjectTypeDefinitionNode =>
        definition.kind === 'ObjectTypeDefinition' && definition.name.value === 'Photo',
    );
    // awaitingApproval is for the uploader's own copy over HTTP: a live photo is never a waiting one.
    expect(photo?.fields?.map((field) => field.name.value).sort()).toEqual(
      [...LIVE_PHOTO_FIELDS, 'awaitingApproval'].sort(),
    );
  });

  it('stores a photo: derived images oriented and stripped, original kept byte for byte, photo.uploaded published', async () => {
    const code = await createGallery('free');
    // Stored 1200x800, shown 800x1200: EXIF orientation 6 turns it a quarter clockwise.
    const original = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#8ab' } })
      .jpeg({ quality: 90 })
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await sharp(original).metadata()).orientation).toBe(6);

    const slot = await upload(code, original, 'Première danse.jpg');
    expect(slot.headers).toEqual([
      { name: 'Content-Type', value: 'image/jpeg' },
      { name: 'If-None-Match', value: '*' },
    ]);
    const publishedDirectly = jest.spyOn(app!.get(OutboxRelay), 'publishCommitted');
    const answer = await confirm(code, slot.uploadId);
    const handedToRelay = [...publishedDirectly.mock.calls];
    publishedDirectly.mockRestore();

    expect(answer.errors).toBeUndefined();
    const photo = answer.data!.confirmPhotoUpload;
    expect(photo).toEqual({
      id: slot.uploadId,
      eventCode: code,
      thumbnailUrl: `${PUBLIC_URL}/media/photos/${slot.uploadId}/thumbnail`,
      previewUrl: `${PUBLIC_URL}/media/photos/${slot.uploadId}/preview`,
      originalUrl: `${PUBLIC_URL}/media/photos/${slot.uploadId}/original`,
      width: 800,
      height: 1200,
      createdAt: expect.any(String),
      kind: 'photo',
      durationSeconds: null,
      guestName: null,
      challengeId: null,
      uploaderId: null,
    });

    const consumer = await bus!.js.consumers.get(DOMAIN_STREAM, {
      filter_subjects: Subjects.PhotoUploaded,
      deliver_policy: DeliverPolicy.All,
    });
    const published = await waitFor('photo.uploaded on JetStream', async () => {
      const message = await consumer.next({ expires: 2000 });
      // Parsed as every consumer parses it: the payload must pass the shared contract's validation.
      const event = message && (parseDomainEvent(message.data) as DomainEvent<typeof Subjects.PhotoUploaded>);
      return event?.data.photo.id === photo.id ? event : null;
    });
    await consumer.delete();
    // Handed to the relay as committed, not left for it to find in the outbox.
    expect(handedToRelay).toEqual([[[published]]]);
    // A new photo has no hearts yet; the event says so, the confirmation's answer does not ask.
    expect(published.data).toEqual({
      photo: { ...photo, heartCount: 0 },
      photoCount: 1,
    } satisfies PhotoUploadedData);

    const thumbnail = await fetchPhoto(photo.thumbnailUrl);
    expect(thumbnail.redirect.headers['cache-control']).toBe('private, max-age=300');
    const thumbnailMetadata = await sharp(thumbnail.bytes).metadata();
    expect(thumbnailMetadata).toMatchObject({ format: 'jpeg', width: 267, height: 400 });
    expect(thumbnailMetadata.exif).toBeUndefined();
    expect(thumbnailMetadata.orientation).toBeUndefined();
    await previewStored(photo.id);
    const preview = await sharp((await fetchPhoto(photo.previewUrl)).bytes).metadata();
    expect(preview).toMatchObject({ format: 'jpeg', width: 800, height: 1200 });
    expect(preview.exif).toBeUndefined();

    const download = await fetchPhoto(photo.originalUrl);
    expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
    for (const variant of [thumbnail, download]) {
      expect(new URL(variant.redirect.headers.location).pathname).toMatch(
        new RegExp(`^/${BUCKET}/photos/${photo.id}/`),
      );
      expect(variant.redirect.headers.location).not.toContain(code);
    }
    // Checked where the browser stored it, which its URL can never replace: that object is the original.
    expect(await originalKeyOf(photo.id)).toBe(`staging/${slot.uploadId}`);
    expect(await keysUnder(`photos/${photo.id}/`)).not.toContainEqual(expect.stringMatching(/\/original$/));
    expect(download.object.headers.get('content-disposition')).toContain('attachment;');
    expect(download.object.headers.get('content-disposition')).toContain(
      "filename*=UTF-8''Premi%C3%A8re%20danse.jpg",
    );

    const counted = await graphql<{ _entities: { photoCount: number }[] }>(
      'query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on Event { photoCount } } }',
      { reps: [{ __typename: 'Event', code }] },
    );
    expect(counted.data!._entities).toEqual([{ photoCount: 1 }]);
    const resolved = await graphql<{ _entities: LivePhoto[] }>(
      'query ($reps: [_Any!]!) { _entities(representations: $reps) { ... on Photo { id width height } } }',
      { reps: [{ __typename: 'Photo', id: photo.id }] },
    );
    expect(resolved.data!._entities).toEqual([{ id: photo.id, width: 800, height: 1200 }]);
  });

  it("keeps the guest's name, cleaned, on the upload and its photo, and lists it for the zip", async () => {
    const code = await createGallery('free');
    const body = await photoJpeg(40, 30);
    const answer = await graphql<{ requestPhotoUploads: Slot[] }>(
      `
        mutation ($code: String!, $files: [PhotoUploadRequest!]!, $guestName: String) {
          requestPhotoUploads(eventCode: $code, files: $files, guestName: $guestName) {
            uploadId
            uploadUrl
            headers {
              name
              value
            }
          }
        }
      `,
      {
        code,
        files: [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: body.length }],
        guestName: '  Anna   Maria ',
      },
    );
    expect(answer.errors).toBeUndefined();
    const slot = answer.data!.requestPhotoUploads[0];
    expect((await put(slot, body)).status).toBe(200);
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
    expect(photo.guestName).toBe('Anna Maria');
    const page = galleryPhotosReplySchema.parse(
      (
        await bus!.nc.request(Requests.GalleryPhotos, JSON.stringify({ code, limit: 10 }), { timeout: 5000 })
      ).json(),
    );
    expect(page.photos.map((listed) => listed.guestName)).toEqual(['Anna Maria']);
    // Without a name (or only spaces), the photo has none.
    const unnamed = await upload(code, body, 'b.jpg');
    expect((await confirm(code, unnamed.uploadId)).data!.confirmPhotoUpload.guestName).toBeNull();
  });

  it('refuses a guest name too long or with control or text-direction characters, and hands out no slot', async () => {
    const code = await createGallery('free');
    const ask = (guestName: string) =>
      graphql<{ requestPhotoUploads: Slot[] }>(
        `
          mutation ($code: String!, $files: [PhotoUploadRequest!]!, $guestName: String) {
            requestPhotoUploads(eventCode: $code, files: $files, guestName: $guestName) {
              uploadId
            }
          }
        `,
        { code, files: [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 100 }], guestName },
      );
    const long = await ask('a'.repeat(MAX_GUEST_NAME_CHARS + 1));
    expect(long.errors?.[0].extensions).toMatchObject({
      code: 'GUEST_NAME_TOO_LONG',
      count: MAX_GUEST_NAME_CHARS,
    });
    expect(long.errors?.[0].message).toBe(`Please keep your name to ${MAX_GUEST_NAME_CHARS} characters.`);
    const huge = await ask('a'.repeat(2_000));
    expect(huge.errors?.[0].extensions?.code).toBe('GUEST_NAME_TOO_LONG');
    expect((await ask('Anna\u202Egpj.exe')).errors?.[0].extensions?.code).toBe(
      'GUEST_NAME_FORBIDDEN_CHARACTERS',
    );
    expect((await ask('Anna\nMaria')).errors?.[0].extensions?.code).toBe('GUEST_NAME_FORBIDDEN_CHARACTERS');
    const rows: unknown[] = await db.query('SELECT 1 FROM uploads WHERE event_code = $1', [code]);
    expect(rows).toEqual([]);
  });

  it('refuses a text file named .jpg and sent as image/jpeg, and deletes its object', async () => {
    const code = await createGallery('free');
    const slot = await upload(
      code,
      Buffer.from('Dear guests, this is not a photo.\n'.repeat(20)),
      'photo.jpg',
    );
    expect(await objectExists(`staging/${slot.uploadId}`)).toBe(true);

    const answer = await confirm(code, slot.uploadId);

    expect(answer.errors?.[0].extensions?.code).toBe('UNSUPPORTED_FILE_TYPE');
    expect(answer.errors?.[0].message).toBe(
      'This file is not a supported photo. Please upload JPEG, PNG, WebP or HEIC images.',
    );
    await expectNothingStored(slot.uploadId);
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(0);
  });

  it('refuses what the browser declares wrongly before handing out a URL', async () => {
    const code = await createGallery('free');
    const codeOf = async (file: { fileName: string; contentType: string; size: number }) => {
      const answer = await requestSlots(code, [file]);
      return [answer.errors?.[0].extensions?.code, answer.errors?.[0].extensions?.count];
    };
    expect(
      await codeOf({ fileName: 'big.jpg', contentType: 'image/jpeg', size: 50 * 1024 * 1024 + 1 }),
    ).toEqual(['FILE_TOO_LARGE', 50]);
    expect(await codeOf({ fileName: 'doc.pdf', contentType: 'application/pdf', size: 1000 })).toEqual([
      'UNSUPPORTED_FILE_TYPE',
      undefined,
    ]);
    expect(await codeOf({ fileName: 'empty.jpg', contentType: 'image/jpeg', size: 0 })).toEqual([
      'FILE_EMPTY',
      undefined,
    ]);
    // Not a code the product issues: refused without asking anyone.
    const unknown = await requestSlots('NOSUCHCODE', [
      { fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 },
    ]);
    expect(unknown.errors?.[0].extensions?.code).toBe('GALLERY_NOT_FOUND');
  });

  it('refuses an empty object on confirmation', async () => {
    const code = await createGallery('free');
    const answer = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    const slot = answer.data!.requestPhotoUploads[0];
    // Storage refuses the PUT itself: its URL is signed for the declared length, as S3 holds it.
    expect((await put(slot, Buffer.alloc(0))).status).toBe(403);
    // Should storage hold an empty object at the key all the same, the confirmation refuses it.
    const stagedKey = decodeURIComponent(new URL(slot.uploadUrl!).pathname).slice(`/${BUCKET}/`.length);
    await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: stagedKey, Body: Buffer.alloc(0) }));
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('FILE_EMPTY');
    await expectNothingStored(slot.uploadId);
  });

  it('answers UPLOAD_NOT_FOUND for an upload that never reached storage or belongs elsewhere', async () => {
    const code = await createGallery('free');
    const slot = (await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]))
      .data!.requestPhotoUploads[0];
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    expect((await confirm(newGalleryCode(), slot.uploadId)).errors?.[0].extensions?.code).toBe(
      'UPLOAD_NOT_FOUND',
    );
    expect((await confirm(code, 'not-a-uuid')).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
  });

  it('keeps an upload confirmed before its PUT pending, with nothing reserved, and makes it a photo after the PUT', async () => {
    const code = await createGallery('free');
    const original = await photoJpeg(40, 30);
    const slot = (
      await requestSlots(code, [{ fileName: 'early.jpg', contentType: 'image/jpeg', size: original.length }])
    ).data!.requestPhotoUploads[0];
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    expect(await uploadStatus(slot.uploadId)).toBe('pending');
    const reserved = await db.query('SELECT 1 FROM storage_deletions WHERE object_key LIKE $1', [
      `photos/${slot.uploadId}/%`,
    ]);
    expect(reserved).toEqual([]);

    expect((await put(slot, original)).status).toBe(200);
    const answer = await confirm(code, slot.uploadId);
    expect(answer.errors).toBeUndefined();
    expect((await keptOriginal(answer.data!.confirmPhotoUpload.id)).equals(original)).toBe(true);
  });

  it('rejects the 51st photo on the free plan and deletes what it stored', async () => {
    const code = await createGallery('free');
    await db.query('UPDATE galleries SET photo_count = 48 WHERE code = $1', [code]);
    const fiftieth = await upload(code, await photoJpeg(64, 48));
    const fiftyFirst = await upload(code, await photoJpeg(64, 48, '#369'));
    // A photo confirmed meanwhile, by a path the slots did not see (an owner's import, a plan downgrade).
    await db.query('UPDATE galleries SET photo_count = 49 WHERE code = $1', [code]);

    expect((await confirm(code, fiftieth.uploadId)).errors).toBeUndefined();
    const refused = await confirm(code, fiftyFirst.uploadId);

    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
    expect(refused.errors?.[0].message).toBe(
      'This gallery is full: it holds 50 photos, all its plan takes. Let the couple know.',
    );
    await expectNothingStored(fiftyFirst.uploadId);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(50);
    const more = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(more.errors?.[0].extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
  });

  it('follows plan.upgraded: a full free gallery upgraded to Standard takes the 51st photo until its new expiry', async () => {
    const code = await createGallery('free');
    await db.query('UPDATE galleries SET photo_count = 50 WHERE code = $1', [code]);
    const refused = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(refused.errors?.[0].extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });

    const expiresAt = new Date(Date.now() + 30 * DAY);
    await bus!.publish({
      id: randomUUID(),
      type: Subjects.PlanUpgraded,
      occurredAt: new Date().toISOString(),
      data: {
        code,
        previousPlan: 'free',
        plan: 'standard',
        expiresAt: expiresAt.toISOString(),
        reason: 'payment',
        paymentId: randomUUID(),
      },
    });
    await waitFor('the upgrade in the read model', async () => {
      const [row] = await db.query('SELECT plan, expires_at FROM galleries WHERE code = $1', [code]);
      return row.plan === 'standard' ? row : null;
    });

    const fiftyFirst = await upload(code, await photoJpeg(64, 48));
    expect((await confirm(code, fiftyFirst.uploadId)).errors).toBeUndefined();
    const [row] = await db.query('SELECT photo_count, expires_at FROM galleries WHERE code = $1', [code]);
    expect(row).toEqual({ photo_count: 51, expires_at: expiresAt });
  });

  it('keeps a refunded gallery read-only until its reverted expiry, and opens it again on a new payment', async () => {
    const code = await createGallery('free');
    const planChange = (reason: 'payment' | 'refund', plan: 'free' | 'standard') =>
      bus!.publish({
        id: randomUUID(),
        type: Subjects.PlanUpgraded,
        occurredAt: new Date().toISOString(),
        data: {
          code,
          previousPlan: plan === 'free' ? 'standard' : 'free',
          plan,
          expiresAt: new Date(Date.now() + 7 * DAY).toISOString(),
          reason,
          paymentId: randomUUID(),
        },
      });
    const readOnly = (expected: boolean) =>
      waitFor(`read_only ${expected}`, async () => {
        const [row] = await db.query('SELECT read_only FROM galleries WHERE code = $1', [code]);
        return row.read_only === expected ? row : null;
      });
    const photo = await upload(code, await photoJpeg(64, 48));
    expect((await confirm(code, photo.uploadId)).errors).toBeUndefined();

    await planChange('refund', 'free');
    await readOnly(true);
    const refused = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(refused.errors?.[0].extensions?.code).toBe('GALLERY_READ_ONLY');
    expect(refused.errors?.[0].message).toBe(en.errors.GALLERY_READ_ONLY);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(1);

    await planChange('payment', 'standard');
    await readOnly(false);
    const again = await upload(code, await photoJpeg(64, 48));
    expect((await confirm(code, again.uploadId)).errors).toBeUndefined();
  });

  it('never counts one upload twice when it is confirmed twice at once', async () => {
    const code = await createGallery('standard');
    const slot = await upload(code, await photoJpeg(640, 480));

    const answers = await Promise.all([confirm(code, slot.uploadId), confirm(code, slot.uploadId)]);

    for (const answer of answers) {
      if (answer.errors) expect(answer.errors[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
      else expect(answer.data!.confirmPhotoUpload.id).toBe(slot.uploadId);
    }
    expect(answers.some((answer) => !answer.errors)).toBe(true);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(1);
    expect((await confirm(code, slot.uploadId)).data?.confirmPhotoUpload.id).toBe(slot.uploadId);
  });

  it('records nothing when a deletion run took the reservations of its copies, and records it on a retry', async () => {
    const code = await createGallery('standard');
    const slot = await upload(code, await photoJpeg(320, 240, '#a52'));
    const storage = app!.get(ObjectStorage);
    const writing = storage.write.bind(storage);
    // As a deletion run would, once a reservation outlived its deadline: taken before the commit.
    const spy = jest.spyOn(storage, 'write').mockImplementation(async (key, body, contentType) => {
      await writing(key, body, contentType);
      if (key.startsWith(`photos/${slot.uploadId}/`)) {
        await db.query('DELETE FROM storage_deletions WHERE object_key LIKE $1', [
          `photos/${slot.uploadId}/%`,
        ]);
      }
    });
    const refused = await confirmWhileMocked(spy, code, slot.uploadId);
    expect(refused.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(await uploadStatus(slot.uploadId)).toBe('pending');
    expect(await db.query('SELECT 1 FROM photos WHERE id = $1', [slot.uploadId])).toEqual([]);
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(0);
    // The staged object's later deletion was not scheduled either: it still belongs to a pending upload.
    expect(
      await db.query('SELECT 1 FROM storage_deletions WHERE object_key = $1', [`staging/${slot.uploadId}`]),
    ).toEqual([]);

    const retried = await confirm(code, slot.uploadId);
    expect(retried.errors).toBeUndefined();
    expect(await uploadStatus(slot.uploadId)).toBe('confirmed');
    const [{ photo_count: after }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [
      code,
    ]);
    expect(after).toBe(1);
    await previewStored(slot.uploadId);
  });

  it('keeps an upload pending when its copy is gone before it is read, and records it on a retry', () =>
    withoutConditionalWrites(async () => {
      const code = await createGallery('standard');
      const slot = await upload(code, await photoJpeg(320, 240, '#2a5'));
      const storage = app!.get(ObjectStorage);
      const reading = storage.downloadUpTo.bind(storage);
      // Storage loses the copy between the copy and its read (a store that answered the copy before it held it).
      const spy = jest.spyOn(storage, 'downloadUpTo').mockImplementationOnce(async (key, ...rest) => {
        await storage.remove([key]);
        return reading(key, ...rest);
      });
      const answer = await confirmWhileMocked(spy, code, slot.uploadId);
      // Not the guest's file that was wrong: nothing refused, nothing of theirs deleted, the browser may retry.
      expect(answer.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
      expect(await uploadStatus(slot.uploadId)).toBe('pending');
      expect(await objectExists(`staging/${slot.uploadId}`)).toBe(true);

      const retried = await confirm(code, slot.uploadId);
      expect(retried.errors).toBeUndefined();
      expect(retried.data?.confirmPhotoUpload.width).toBe(320);
      expect(await uploadStatus(slot.uploadId)).toBe('confirmed');
    }));

  it('refuses uploads to an expired gallery', async () => {
    const expired = await createGallery('free', new Date(Date.now() - 1000));
    const early = await requestSlots(expired, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(early.errors?.[0].extensions?.code).toBe('GALLERY_EXPIRED');

    const code = await createGallery('free');
    const slot = await upload(code, await photoJpeg(64, 48));
    await db.query(`UPDATE galleries SET expires_at = now() - interval '1 second' WHERE code = $1`, [code]);
    expect((await confirm(code, slot.uploadId)).errors?.[0].extensions?.code).toBe('GALLERY_EXPIRED');
    await expectNothingStored(slot.uploadId);
  });

  it('gives a real HEIC a JPEG thumbnail and preview, and keeps its original byte for byte', async () => {
    const code = await createGallery('free');
    const heic = readFileSync(new URL('./fixtures/photo-480x320.heic', import.meta.url));
    const slot = await upload(code, heic, 'IMG_5001.HEIC', 'image/heic');

    const answer = await confirm(code, slot.uploadId);

    expect(answer.errors).toBeUndefined();
    const photo = answer.data!.confirmPhotoUpload;
    expect(photo).toMatchObject({ width: 480, height: 320 });
    const thumbnail = await fetchPhoto(photo.thumbnailUrl);
    expect(thumbnail.object.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({
      format: 'jpeg',
      width: 400,
      height: 267,
    });
    await previewStored(photo.id);
    const preview = await fetchPhoto(photo.previewUrl);
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 320 });
    const original = await fetchPhoto(photo.originalUrl);
    expect((await keptOriginal(photo.id)).equals(heic)).toBe(true);
    expect(original.object.headers.get('content-type')).toBe('image/heic');
  });

  it('keeps a HEIC it cannot decode, shows its original and reads its size from its boxes', async () => {
    const code = await createGallery('free');
    const heic = iphoneLikeHeic(1);
    const slot = await upload(code, heic, 'IMG_4242.HEIC', 'image/heic');

    const answer = await confirm(code, slot.uploadId);

    expect(answer.errors).toBeUndefined();
    expect(answer.data!.confirmPhotoUpload).toMatchObject({ width: 3024, height: 4032 });
    const shown = await fetchPhoto(answer.data!.confirmPhotoUpload.thumbnailUrl);
    expect(shown.bytes.equals(heic)).toBe(true);
    expect(shown.object.headers.get('content-type')).toBe('image/heic');
  });

  it('answers the preview URL with the thumbnail, not cached, until the preview is stored, then with the preview', async () => {
    const code = await createGallery('free');
    const held = holdPreviewOf(2000);
    try {
      const slot = await upload(code, await photoJpeg(2000, 1500));
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors).toBeUndefined();
      const photo = answer.data!.confirmPhotoUpload;
      // The confirmation did not wait for the preview: it is being made, held by the test.
      await held.started;
      expect(
        (await db.query('SELECT preview_pending, preview_key FROM photos WHERE id = $1', [photo.id]))[0],
      ).toEqual({ preview_pending: true, preview_key: null });

      const early = await fetchPhoto(photo.previewUrl);
      expect(early.redirect.headers['cache-control']).toBe('no-store');
      expect(new URL(early.redirect.headers.location).pathname).toMatch(/\/thumbnail\.jpg$/);
      expect(await sharp(early.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
      const thumbnail = await fetchPhoto(photo.thumbnailUrl);
      expect(thumbnail.redirect.headers['cache-control']).toBe('private, max-age=300');

      held.release();
      await previewStored(photo.id);
      const late = await fetchPhoto(photo.previewUrl);
      expect(late.redirect.headers['cache-control']).toBe('private, max-age=300');
      expect(new URL(late.redirect.headers.location).pathname).toMatch(/\/preview\.jpg$/);
      expect(await sharp(late.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    } finally {
      held.release();
      held.restore();
    }
  });

  it("keeps the originals of a burst's waiting previews in memory while they are small: none read again", async () => {
    const code = await createGallery('standard');
    const widths = [1201, 1202, 1203, 1204, 1205, 1206, 1207];
    // Every preview of the burst waits until all its photos are confirmed: more wait than MAX_HELD_SOURCES.
    const held = holdPreviewsOf(widths);
    const storage = app!.get(ObjectStorage);
    const reads = jest.spyOn(storage, 'read');
    try {
      const ids: string[] = [];
      for (const width of widths) {
        const slot = await upload(code, await photoJpeg(width, 900));
        expect((await confirm(code, slot.uploadId)).errors).toBeUndefined();
        ids.push(slot.uploadId);
      }
      held.release();
      for (const id of ids) await previewStored(id);
      const readAgain = reads.mock.calls.filter(([key]) => ids.some((id) => key.startsWith(`photos/${id}/`)));
      expect(readAgain).toEqual([]);
    } finally {
      held.release();
      held.restore();
      reads.mockRestore();
    }
  });

  it("makes each preview of two bursts from its own photo's pixels, in buffers used again", async () => {
    const code = await createGallery('standard');
    const colours = ['#d02020', '#20b020', '#2020d0', '#d0d020', '#20d0d0', '#d020d0', '#909090'];
    // Each photo a little smaller than the one before: its pixels fit any buffer given back before it.
    const bursts = [1317, 1307].map((first) => colours.map((colour, i) => ({ colour, width: first - i })));
    // Each burst's previews wait until all its photos are confirmed: seven hold pixels at once.
    const held = holdPreviewsOf(bursts.flat().map(({ width }) => width));
    const centre = async (preview: Buffer) => [
      ...(await sharp(preview).extract({ left: 600, top: 400, width: 1, height: 1 }).raw().toBuffer()),
    ];
    const hex = (colour: string) => [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
    try {
      for (const burst of bursts) {
        const ids: string[] = [];
        for (const { colour, width } of burst) {
          const slot = await upload(code, await photoJpeg(width, 900, colour));
          expect((await confirm(code, slot.uploadId)).errors).toBeUndefined();
          ids.push(slot.uploadId);
        }
        held.release();
        for (const [i, id] of ids.entries()) {
          await previewStored(id);
          const [row] = await db.query('SELECT preview_key FROM photos WHERE id = $1', [id]);
          const object = await s3!.send(new GetObjectCommand({ Bucket: BUCKET, Key: row.preview_key }));
          const pixel = await centre(Buffer.from(await object.Body!.transformToByteArray()));
          const expected = hex(burst[i]!.colour);
          expect(pixel.every((value, channel) => Math.abs(value - expected[channel]!) <= 12)).toBe(true);
        }
        held.holdAgain();
      }
    } finally {
      held.release();
      held.restore();
    }
  });

  it('makes by its sweep a preview whose build failed, once the photo is no longer young', async () => {
    const code = await createGallery('free');
    const making = ImageProcessor.prototype.preview;
    let failed!: () => void;
    const buildFailed = new Promise<void>((resolve) => (failed = resolve));
    const spy = jest.spyOn(ImageProcessor.prototype, 'preview').mockImplementation(async function (
      this: ImageProcessor,
      source: ImageSource,
    ) {
      if (source.width !== 1111) return making.call(this, source);
      failed();
      throw new Error('storage went away');
    });
    let id: string;
    try {
      const slot = await upload(code, await photoJpeg(1111, 800));
      id = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload.id;
      await buildFailed;
    } finally {
      spy.mockRestore();
    }
    const pending = async () =>
      (await db.query('SELECT preview_pending FROM photos WHERE id = $1', [id]))[0].preview_pending;
    // The failed build's transaction is over once its row can be locked again.
    await waitFor('the failed build to let go of its photo', async () => {
      const free: unknown[] = await db.query('SELECT 1 FROM photos WHERE id = $1 FOR UPDATE SKIP LOCKED', [
        id,
      ]);
      return free.length > 0;
    });
    expect(await pending()).toBe(true);
    const previews = app!.get(PhotoPreviews);
    // Too young: its own replica may still be making it.
    expect(await previews.sweepOnce()).toBe(0);

    await db.query(`UPDATE photos SET created_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    expect(await previews.sweepOnce()).toBe(1);

    expect(await pending()).toBe(false);
    const preview = await fetchPhoto(`${PUBLIC_URL}/media/photos/${id}/preview`);
    expect(preview.redirect.headers['cache-control']).toBe('private, max-age=300');
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ width: 1111, height: 800 });
    expect(await previews.sweepOnce()).toBe(0);
  });

  it('answers 404 for an unknown photo or variant', async () => {
    const server = app!.getHttpServer();
    expect((await request(server).get(`/media/photos/${randomUUID()}/thumbnail`)).status).toBe(404);
    expect((await request(server).get('/media/photos/not-a-uuid/thumbnail')).status).toBe(404);
    const code = await createGallery('free');
    const slot = await upload(code, await photoJpeg(64, 48));
    await confirm(code, slot.uploadId);
    expect((await request(server).get(`/media/photos/${slot.uploadId}/huge`)).status).toBe(404);
  });

  it('pages through a gallery newest first with cursors', async () => {
    const code = await createGallery('premium');
    // Seven photos, two of them sharing a timestamp, so the id must break the tie.
    const base = Date.parse('2026-06-13T18:00:00.000Z');
    const photos = [0, 1, 2, 3, 3, 4, 5].map((minute) => ({
      id: randomUUID(),
      createdAt: new Date(base + minute * 60_000),
    }));
    for (const photo of photos) {
      await db.query(
        `INSERT INTO photos (id, event_code, original_key, file_name, content_type, size, width, height, created_at)
         VALUES ($1, $2, $3, 'p.jpg', 'image/jpeg', 1, 4, 3, $4)`,
        [photo.id, code, `events/${code}/originals/${photo.id}`, photo.createdAt],
      );
    }
    const expected = [...photos]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((photo) => photo.id);

    const PAGE = `query ($reps: [_Any!]!, $after: String) {
      _entities(representations: $reps) { ... on Event { photos(first: 3, after: $after) { nodes { id createdAt } endCursor hasMore } } }
    }`;
    type Page = { nodes: { id: string }[]; endCursor: string | null; hasMore: boolean };
    const seen: string[] = [];
    const pages: Page[] = [];
    let after: string | null = null;
    do {
      const answer: GraphQLAnswer<{ _entities: { photos: Page }[] }> = await graphql(PAGE, {
        reps: [{ __typename: 'Event', code }],
        after,
      });
      expect(answer.errors).toBeUndefined();
      const page: Page = answer.data!._entities[0].photos;
      pages.push(page);
      seen.push(...page.nodes.map((node) => node.id));
      after = page.hasMore ? page.endCursor : null;
    } while (after);

    expect(seen).toEqual(expected);
    expect(pages.map((page) => [page.nodes.length, page.hasMore])).toEqual([
      [3, true],
      [3, true],
      [1, false],
    ]);
    const bad = await graphql(PAGE, { reps: [{ __typename: 'Event', code }], after: 'bogus' });
    expect(bad.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
  });

  it("lists a gallery's originals oldest first, a page at a time, to the download service over NATS", async () => {
    const code = await createGallery('premium');
    const base = Date.parse('2026-06-13T18:00:00.000Z');
    const photos = [0, 1, 1, 2, 3].map((minute, index) => ({
      id: randomUUID(),
      createdAt: new Date(base + minute * 60_000),
      name: `IMG_${index}.JPG`,
    }));
    for (const photo of photos) {
      await db.query(
        `INSERT INTO photos (id, event_code, original_key, file_name, content_type, size, width, height, created_at)
         VALUES ($1, $2, $3, $4, 'image/jpeg', 7, 4, 3, $5)`,
        [photo.id, code, `photos/${photo.id}/a/original`, photo.name, photo.createdAt],
      );
    }
    const expected = [...photos]
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || (a.id < b.id ? -1 : 1))
      .map((photo) => photo.id);
    const ask = async (request: unknown) =>
      galleryPhotosReplySchema.parse(
        (await bus!.nc.request(Requests.GalleryPhotos, JSON.stringify(request), { timeout: 5000 })).json(),
      );

    const seen: ArchivePhoto[] = [];
    const sizes: number[] = [];
    let after: string | undefined;
    do {
      const page = await ask(galleryPhotosRequestSchema.parse({ code, after, limit: 2 }));
      expect(page.found).toBe(true);
      seen.push(...page.photos);
      sizes.push(page.photos.length);
      after = page.next ?? undefined;
    } while (after);
    expect(sizes).toEqual([2, 2, 1]);
    expect(seen.map((photo) => photo.id)).toEqual(expected);
    expect(seen[0]).toMatchObject({
      originalKey: `photos/${seen[0].id}/a/original`,
      contentType: 'image/jpeg',
      size: 7,
      kind: 'photo',
    });
    expect(seen.map((photo) => photo.fileName).sort()).toEqual(
      photos.map((p) => p.name.replace('.JPG', '.jpg')).sort(),
    );

    expect(await ask({ code: newGalleryCode(), limit: 10 })).toEqual({
      found: false,
      photos: [],
      next: null,
    });
    // A request that breaks the contract (a page larger than the limit) names no gallery.
    expect((await ask({ code, limit: 100_000 })).found).toBe(false);
  });

  it('sweeps an upload put in storage but never confirmed, and nothing else', async () => {
    const code = await createGallery('free');
    const abandoned = await upload(code, await photoJpeg(64, 48));
    const staged = `staging/${abandoned.uploadId}`;
    const fresh = await upload(code, await photoJpeg(64, 48, '#396'));
    const confirmed = await upload(code, await photoJpeg(64, 48, '#963'));
    expect((await confirm(code, confirmed.uploadId)).errors).toBeUndefined();
    await ageUploads([abandoned.uploadId, confirmed.uploadId], '2 hours');

    const sweeper = app!.get(AbandonedUploadSweeper);
    expect(await sweeper.sweepOnce()).toBe(1);
    expect(await uploadStatus(abandoned.uploadId)).toBe('abandoned');
    await app!.get(StorageDeletions).processOnce();

    expect(await headStatus(staged)).toBe(404);
    expect(await uploadStatus(fresh.uploadId)).toBe('pending');
    expect(await headStatus(`staging/${fresh.uploadId}`)).toBe(200);
    expect(await uploadStatus(confirmed.uploadId)).toBe('confirmed');
    // The preview is made after the confirmation answers: wait for it rather than read too early.
    const confirmedKeys = await waitFor("the confirmed photo's preview", async () => {
      const keys = await photoKeys(confirmed.uploadId);
      return keys.length === 3 ? keys : null;
    });
    for (const key of confirmedKeys) expect(await headStatus(key)).toBe(200);

    const late = await confirm(code, abandoned.uploadId);
    expect(late.errors?.[0].extensions?.code).toBe('UPLOAD_NOT_FOUND');
    expect(await sweeper.sweepOnce()).toBe(0);
    expect((await confirm(code, fresh.uploadId)).errors).toBeUndefined();
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
    expect(photo_count).toBe(2);
  });

  it('shares the work between sweeps running at once: a sweep skips the rows another holds', async () => {
    const code = await createGallery('free');
    const slots = [];
    for (const background of ['#111', '#222', '#333'])
      slots.push(await upload(code, await photoJpeg(8, 6, background)));
    const ids = slots.map((slot) => slot.uploadId);
    await ageUploads(ids, '3 hours');
    const sweeper = app!.get(AbandonedUploadSweeper);
    // Another replica's sweep, mid-way: it holds the oldest upload's row until its transaction ends.
    const otherSweep = db.createQueryRunner();
    await otherSweep.connect();
    await otherSweep.startTransaction();
    await otherSweep.query('SELECT id FROM uploads WHERE id = $1 FOR UPDATE', [ids[0]]);

    try {
      let finished = false;
      const sweep = sweeper.sweepOnce().then((swept) => {
        finished = true;
        return { swept };
      });
      const waitingOnALock = waitFor('the sweep to finish or wait on a row lock', async () => {
        if (finished) return 'finished';
        const waiting: unknown[] = await db.query(
          `SELECT 1 FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
        );
        return waiting.length > 0 ? 'waited for the other sweep' : null;
      });

      expect(await Promise.race([sweep, waitingOnALock])).toEqual({ swept: 2 });
    } finally {
      await otherSweep.commitTransaction();
      await otherSweep.release();
    }
    expect(await uploadStatus(ids[0])).toBe('pending');
    expect(await sweeper.sweepOnce()).toBe(1);
    for (const id of ids) expect(await uploadStatus(id)).toBe('abandoned');
  });

  it('keeps a confirmed original byte for byte: storage refuses its upload URL a second PUT', async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(320, 240);
    const slot = await upload(code, original);
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;

    const swap = Buffer.from('<html>not the photo</html>'.padEnd(original.length, ' '));
    const again = await put(slot, swap);
    expect(again.status).toBe(412);
    expect(await again.text()).toContain('<Code>PreconditionFailed</Code>');
    // Without the header its URL was signed for, the PUT is refused for its signature.
    const unsigned = await fetch(slot.uploadUrl!, {
      method: 'PUT',
      headers: { 'Content-Type': 'image/jpeg' },
      body: swap,
    });
    expect(unsigned.status).toBe(403);
    expect((await confirm(code, slot.uploadId)).data?.confirmPhotoUpload).toEqual(photo);
    expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
    // Nothing of the photo is scheduled for deletion while it stays.
    const scheduled: unknown[] = await db.query('SELECT 1 FROM storage_deletions WHERE object_key = $1', [
      `staging/${slot.uploadId}`,
    ]);
    expect(scheduled).toEqual([]);
  });

  it('checks an upload as its URL was signed, not as storage is found to be by the time it is confirmed', async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(320, 240);
    // The slot comes from a replica that found storage taking second PUTs: its URL carries no "If-None-Match".
    const slot = await withoutConditionalWrites(() => upload(code, original));
    expect(slot.headers).toEqual([{ name: 'Content-Type', value: 'image/jpeg' }]);
    // A replica that finds storage refusing them confirms it: the object is still copied before its checks.
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
    const [{ original_key: originalKey }]: { original_key: string }[] = await db.query(
      'SELECT original_key FROM photos WHERE id = $1',
      [photo.id],
    );
    expect(originalKey).not.toBe(`staging/${slot.uploadId}`);

    // The URL's second PUT lands (nothing in it asks storage to refuse), and changes nothing checked.
    const swap = Buffer.from('<html>not the photo</html>'.padEnd(original.length, ' '));
    expect((await put(slot, swap)).status).toBe(200);
    expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
  });

  it("deletes a removed photo's original again once its upload URL can no longer PUT it back", async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(320, 240);
    const slot = await upload(code, original);
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
    const staged = `staging/${slot.uploadId}`;
    await previewStored(photo.id);
    await app!.get(PhotoRemovalService).remove(photo.id);
    await waitFor('the original deleted with its photo', async () => !(await objectExists(staged)));

    // The URL still lives for a few minutes, and the key is free again: the PUT lands.
    expect((await put(slot, original)).status).toBe(200);
    const later: { id: string }[] = await db.query(
      'SELECT id FROM storage_deletions WHERE object_key = $1 AND not_before > now()',
      [staged],
    );
    expect(later).toHaveLength(1);
    await db.query('UPDATE storage_deletions SET not_before = now() WHERE id = $1', [later[0].id]);
    await app!.get(StorageDeletions).processOnce();
    expect(await objectExists(staged)).toBe(false);

    // A photo older than any upload URL: its original is deleted once.
    const old = (await confirm(code, (await upload(code, original)).uploadId)).data!.confirmPhotoUpload;
    await previewStored(old.id);
    await db.query(`UPDATE photos SET created_at = now() - interval '2 hours' WHERE id = $1`, [old.id]);
    await app!.get(PhotoRemovalService).remove(old.id);
    const scheduled: { later: boolean }[] = await db.query(
      'SELECT not_before > now() AS later FROM storage_deletions WHERE object_key = $1',
      [`staging/${old.id}`],
    );
    expect(scheduled.filter((row) => row.later)).toEqual([]);
  });

  it('copies the upload first where storage would let its URL replace it, and cleans the late PUT', () =>
    withoutConditionalWrites(async () => {
      const code = await createGallery('standard');
      const original = await photoJpeg(320, 240);
      const slot = await upload(code, original);
      const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
      const staged = `staging/${slot.uploadId}`;
      await waitFor('the staged object deleted after the answer', async () => !(await objectExists(staged)));

      // The local S3 server checks no signature, so this PUT lands, as one begun before expiry would on S3.
      const swap = Buffer.from('<html>not the photo</html>'.padEnd(original.length, ' '));
      expect((await put(slot, swap)).status).toBe(200);

      expect((await confirm(code, slot.uploadId)).data?.confirmPhotoUpload).toEqual(photo);
      expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
      // The staging object is deleted again once no PUT can land any more.
      expect(await objectExists(staged)).toBe(true);
      const later: { id: string }[] = await db.query(
        'SELECT id FROM storage_deletions WHERE object_key = $1 AND not_before > now()',
        [staged],
      );
      expect(later).toHaveLength(1);
      await db.query('UPDATE storage_deletions SET not_before = now() WHERE id = $1', [later[0].id]);
      await app!.get(StorageDeletions).processOnce();
      expect(await objectExists(staged)).toBe(false);
      expect((await keptOriginal(photo.id)).equals(original)).toBe(true);
    }));

  it("reads a photo's copy once, whole, to a kept file for its checks, thumbnail and guest copy", async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(320, 240);
    const slot = await upload(code, original);
    const storage = app!.get(ObjectStorage);
    const calls = (['downloadUpTo', 'read', 'copy'] as const).map((method) => jest.spyOn(storage, method));
    try {
      const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
      const [downloadUpTo, read, copy] = calls;
      // Checked in place: storage refuses the upload's URL a second PUT.
      expect(copy.mock.calls).toEqual([]);
      expect(downloadUpTo.mock.calls).toEqual([
        [`staging/${slot.uploadId}`, expect.any(String), MAX_PHOTO_BYTES, PHOTO_TYPE_HEAD_BYTES],
      ]);
      expect(await downloadUpTo.mock.results[0]!.value).toMatchObject({
        size: original.length,
        downloaded: true,
      });
      // The file stays, holding this original alone (its guest copy deleted), for the next photo to write over.
      const file = downloadUpTo.mock.calls[0]![1]!;
      expect(await readdir(path.dirname(file))).toEqual(['original']);
      expect((await readFile(file)).equals(original)).toBe(true);
      // The read itself tells whether the staged object is there: nothing else is asked of storage.
      expect(read.mock.calls.length).toBe(0);
      expect((await keptOriginal(photo.id)).equals(original)).toBe(true);

      const next = await photoJpeg(200, 150);
      await confirm(code, (await upload(code, next)).uploadId);
      expect(downloadUpTo.mock.calls[1]![1]).toBe(file);
      expect((await readFile(file)).equals(next)).toBe(true);
    } finally {
      calls.forEach((call) => call.mockRestore());
    }
  });

  it("records a photo in few statements: its slot's, its confirmation's and its preview's", async () => {
    const code = await createGallery('standard');
    const original = await photoJpeg(640, 480);
    // Work in the background runs statements of its own whenever it likes: the relay publishing events, the
    // reveal announcer looking for galleries to reveal. Neither is part of what is counted.
    const relay = app!.get(OutboxRelay);
    const announcer = app!.get(RevealAnnouncer);
    await relay.stop();
    await announcer.onModuleDestroy();
    const previews = app!.get(PhotoPreviews);
    const built: Promise<boolean>[] = [];
    const makeOne = previews.makeOne.bind(previews);
    const spy = jest.spyOn(previews, 'makeOne').mockImplementation((...args) => {
      const build = makeOne(...args);
      built.push(build);
      return build;
    });
    // Every statement the service runs through TypeORM, by the first words of its text.
    let statements: string[] = [];
    const logQuery = db.logger.logQuery.bind(db.logger);
    const counting = jest.spyOn(db.logger, 'logQuery').mockImplementation((query, ...rest) => {
      statements.push(query.trim().split(/\s+/).slice(0, 3).join(' '));
      return logQuery(query, ...rest);
    });
    const take = () => [statements, (statements = [])][0];
    try {
      const slot = await upload(code, original);
      const slotStatements = take();
      const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;
      expect(built).toHaveLength(1);
      expect(await built[0]).toBe(true);
      // The preview's build starts as soon as the photo is committed, before or after the answer.
      const confirmStatements = take();
      counting.mockRestore();

      // The slot: the guest's admission, then in one transaction the gallery's row locked, and the pending
      // count and the new upload in one statement.
      expect(slotStatements).toHaveLength(5);
      expect(slotStatements.filter((text) => /^INSERT/i.test(text))).toEqual([]);
      // The confirmation: the guest's admission, the upload and its gallery read, the attempt's keys reserved
      // (its preview's with them), then one transaction: the rows locked, and the photo, its count, its event
      // and its keys in one statement. The preview: recorded under the key its confirmation reserved, that
      // key kept, in one statement, with no transaction held while it was made.
      expect(confirmStatements).toHaveLength(8);
      expect(confirmStatements.at(-1)).toBe('WITH kept AS');
      expect(confirmStatements.filter((text) => /^INSERT/i.test(text))).toEqual([
        'INSERT INTO storage_deletions',
      ]);

      const [event] = await db.query(
        `SELECT envelope FROM outbox_events WHERE envelope->'data'->'photo'->>'id' = $1`,
        [photo.id],
      );
      expect(event.envelope).toMatchObject({
        type: Subjects.PhotoUploaded,
        data: { photo: { id: photo.id }, photoCount: 1 },
      });
      const [{ preview_key }] = await db.query('SELECT preview_key FROM photos WHERE id = $1', [photo.id]);
      expect(preview_key).toMatch(new RegExp(`^photos/${photo.id}/[^/]+/preview.jpg$`));
      expect(await db.query('SELECT 1 FROM storage_deletions WHERE object_key = $1', [preview_key])).toEqual(
        [],
      );
      expect(await objectExists(preview_key)).toBe(true);
    } finally {
      counting.mockRestore();
      spy.mockRestore();
      announcer.onApplicationBootstrap();
      relay.start();
    }
  });

  it('finds out at start whether storage refuses overwrites: where it does not, uploads are copied', async () => {
    expect(app!.get(ObjectStorage).refusesOverwrites).toBe(true);
    const plain = await startS3({
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'media-plain-s3-')),
      port: await findFreePort(),
      accessKeyId: 'plain',
      secretAccessKey: 'plain-secret',
      refuseOverwrites: false,
    });
    const storage = ObjectStorage.fromConfig({
      endpoint: plain.endpoint,
      region: plain.region,
      accessKeyId: plain.accessKeyId,
      secretAccessKey: plain.secretAccessKey,
      bucket: BUCKET,
    });
    try {
      await storage.prepare();
      expect(storage.refusesOverwrites).toBe(false);
      const { headers } = await storage.presignUpload(
        'staging/x',
        { contentType: 'image/jpeg', size: 3, putOnce: storage.refusesOverwrites },
        60,
      );
      expect(headers).toEqual([{ name: 'Content-Type', value: 'image/jpeg' }]);
      // The probe leaves nothing behind.
      const client = createS3Client({ ...plain, bucket: BUCKET });
      const listed = await client.send(new ListObjectsV2Command({ Bucket: BUCKET }));
      client.destroy();
      expect(listed.Contents ?? []).toEqual([]);
    } finally {
      storage.onApplicationShutdown();
      await plain.stop();
    }
  });

  it('signs the declared type and length into an upload URL that lives five minutes', async () => {
    const code = await createGallery('free');
    const answer = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 1234 }]);
    const url = new URL(answer.data!.requestPhotoUploads[0].uploadUrl!);
    expect(url.pathname).toBe(`/${BUCKET}/staging/${answer.data!.requestPhotoUploads[0].uploadId}`);
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toEqual([
      'content-length',
      'content-type',
      'host',
      'if-none-match',
    ]);
    expect(url.searchParams.get('X-Amz-Expires')).toBe(String(UPLOAD_URL_SECONDS));
  });

  it('hands out no more slots than a 50-photo gallery still takes, however many ask at once', async () => {
    const code = await createGallery('free');
    const ten = Array.from({ length: 10 }, () => ({
      fileName: 'a.jpg',
      contentType: 'image/jpeg',
      size: 10,
    }));

    const answers = await Promise.all(Array.from({ length: 8 }, () => requestSlots(code, ten)));

    const handedOut = answers.flatMap((answer) => answer.data?.requestPhotoUploads ?? []);
    expect(handedOut).toHaveLength(50);
    for (const answer of answers.filter((answer) => answer.errors)) {
      expect(answer.errors?.[0].extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
    }
    const more = await requestSlots(code, ten.slice(0, 1));
    expect(more.errors?.[0].message).toBe(englishMessage('errors.PHOTO_LIMIT_REACHED', { count: 50 }));
  });

  it('keeps at most MAX_PENDING_UPLOADS_PER_GALLERY slots open on an unlimited plan', async () => {
    const code = await createGallery('premium');
    const full = Array.from({ length: 50 }, () => ({
      fileName: 'a.jpg',
      contentType: 'image/jpeg',
      size: 10,
    }));
    for (let open = 0; open < MAX_PENDING_UPLOADS_PER_GALLERY; open += full.length) {
      expect((await requestSlots(code, full)).errors).toBeUndefined();
    }

    const busy = await requestSlots(code, full.slice(0, 1));

    expect(busy.errors?.[0].extensions?.code).toBe('UPLOADS_BUSY');
    // The seconds after which the guest's phone asks again by itself: busy is not a failure.
    expect(busy.errors?.[0].extensions?.count).toBe(UPLOADS_BUSY_RETRY_SECONDS);
    expect(busy.errors?.[0].message).toBe(englishMessage('errors.UPLOADS_BUSY'));
  });

  it('refuses a pixel bomb with IMAGE_TOO_LARGE and leaves nothing in storage', async () => {
    const code = await createGallery('free');
    const bomb = pixelBombPng(16000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const slot = await upload(code, bomb, 'tiny.png', 'image/png');

    const answer = await confirm(code, slot.uploadId);

    expect(answer.errors?.[0].extensions).toMatchObject({
      code: 'IMAGE_TOO_LARGE',
      count: MAX_PHOTO_MEGAPIXELS,
    });
    expect(answer.errors?.[0].message).toBe(
      englishMessage('errors.IMAGE_TOO_LARGE', { count: MAX_PHOTO_MEGAPIXELS }),
    );
    await expectNothingStored(slot.uploadId);
  });

  describe('videos', () => {
    let fixtures: string;
    let videoWork: string;
    let previousTmpdir: string | undefined;
    const videos: Record<string, Buffer> = {};

    /** A test-pattern clip made by the same ffmpeg the service runs (nothing binary is kept in the repository). */
    async function makeVideo(name: string, seconds: number): Promise<Buffer> {
      const file = path.join(fixtures, name);
      const { ffmpeg } = VideoFrames.locate().tools;
      await promisify(execFile)(ffmpeg, [
        ...['-v', 'error', '-y', '-f', 'lavfi'],
        ...['-i', `testsrc=duration=${seconds}:size=320x240:rate=10`, '-pix_fmt', 'yuv420p', file],
      ]);
      return readFile(file);
    }

    const CONFIRM_VIDEO = `mutation ($code: String!, $id: ID!) {
      confirmPhotoUpload(eventCode: $code, uploadId: $id) { id originalUrl thumbnailUrl previewUrl width height kind durationSeconds }
    }`;

    beforeAll(async () => {
      fixtures = await mkdtemp(path.join(os.tmpdir(), 'media-test-videos-'));
      // The service's temporary copies land here, so the test can see that none is left behind.
      videoWork = await mkdtemp(path.join(os.tmpdir(), 'media-test-video-work-'));
      previousTmpdir = process.env.TMPDIR;
      process.env.TMPDIR = videoWork;
      videos.mp4 = await makeVideo('clip.mp4', 2);
      videos.webm = await makeVideo('clip.webm', 2);
      videos.short = await makeVideo('blink.mp4', 0.3);
    });

    afterAll(async () => {
      if (previousTmpdir === undefined) delete process.env.TMPDIR;
      else process.env.TMPDIR = previousTmpdir;
      await rm(fixtures, { recursive: true, force: true });
      await rm(videoWork, { recursive: true, force: true });
    });

    it('refuses a video on the free plan, by its declared type and by its content, naming Premium', async () => {
      const code = await createGallery('free');
      const early = await requestSlots(code, [
        { fileName: 'First dance.mp4', contentType: 'video/mp4', size: videos.mp4.length },
      ]);
      expect(early.errors?.[0].extensions?.code).toBe('VIDEOS_NEED_PREMIUM');
      expect(early.errors?.[0].message).toBe(englishMessage('errors.VIDEOS_NEED_PREMIUM'));
      expect(early.errors?.[0].message).toContain('Premium');

      // Declared as a photo, it is still a video: its first bytes say so.
      const slot = await upload(code, videos.mp4, 'First dance.jpg', 'image/jpeg');
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors?.[0].extensions?.code).toBe('VIDEOS_NEED_PREMIUM');
      expect(answer.errors?.[0].message).toContain('Premium');
      await expectNothingStored(slot.uploadId);
      const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [code]);
      expect(photo_count).toBe(0);
    });

    it.each([
      ['an MP4', 'mp4', 'First dance.mp4', 'video/mp4', 'First dance.mp4'],
      ['a WebM', 'webm', 'toast.webm', 'video/webm', 'toast.webm'],
      ['a clip shorter than the poster time', 'short', 'blink.mov', 'video/quicktime', 'blink.mp4'],
    ])(
      'keeps %s on Premium: poster frame, duration, the original byte for byte',
      async (_what, fixture, fileName, contentType, downloadName) => {
        const code = await createGallery('premium');
        const original = videos[fixture];
        const slot = await upload(code, original, fileName, contentType);
        const answer = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM_VIDEO, {
          code,
          id: slot.uploadId,
        });

        expect(answer.errors).toBeUndefined();
        const video = answer.data!.confirmPhotoUpload;
        expect(video).toMatchObject({ id: slot.uploadId, kind: 'video', width: 320, height: 240 });
        expect(video.durationSeconds).toBeGreaterThan(0);
        expect(video.durationSeconds).toBeLessThan(3);

        const thumbnail = await fetchPhoto(video.thumbnailUrl);
        expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({
          format: 'jpeg',
          width: 320,
          height: 240,
        });
        const preview = await fetchPhoto(video.previewUrl);
        expect(await sharp(preview.bytes).metadata()).toMatchObject({
          format: 'jpeg',
          width: 320,
          height: 240,
        });

        const download = await fetchPhoto(video.originalUrl);
        expect((await keptOriginal(video.id)).equals(original)).toBe(true);
        expect(download.object.headers.get('content-disposition')).toContain(`filename="${downloadName}"`);
        // Its temporary copy for ffmpeg is gone.
        expect(await readdir(videoWork)).toEqual([]);
      },
    );

    it('keeps a video larger than any photo, reading only its first bytes for the checks', async () => {
      const code = await createGallery('premium');
      // An MP4 may end with a free box of any size: players and ffmpeg skip it.
      const padding = MAX_PHOTO_BYTES + 1024 - videos.mp4.length;
      const free = Buffer.alloc(padding);
      free.writeUInt32BE(padding, 0);
      free.write('free', 4, 'latin1');
      const original = Buffer.concat([videos.mp4, free]);
      const slot = await upload(code, original, 'Speeches.mp4', 'video/mp4');
      const downloadUpTo = jest.spyOn(app!.get(ObjectStorage), 'downloadUpTo');
      try {
        const answer = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM_VIDEO, {
          code,
          id: slot.uploadId,
        });
        expect(answer.errors).toBeUndefined();
        expect(answer.data!.confirmPhotoUpload).toMatchObject({ kind: 'video', width: 320, height: 240 });
        expect(downloadUpTo).toHaveBeenCalledTimes(1);
        // Only its first bytes were read for the checks: the file holds nothing, not even an earlier photo.
        expect(await downloadUpTo.mock.results[0]!.value).toMatchObject({ downloaded: false });
        expect((await stat(downloadUpTo.mock.calls[0]![1])).size).toBe(0);
        expect((await keptOriginal(answer.data!.confirmPhotoUpload.id)).equals(original)).toBe(true);
      } finally {
        downloadUpTo.mockRestore();
      }
    });

    it('refuses a text file named clip.mp4 and sent as video/mp4, and deletes its object', async () => {
      const code = await createGallery('premium');
      const slot = await upload(code, Buffer.from('not a video at all, only text'), 'clip.mp4', 'video/mp4');
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors?.[0].extensions?.code).toBe('UNSUPPORTED_FILE_TYPE');
      await expectNothingStored(slot.uploadId);
    });

    it("makes a video's guest copy at its confirmation, or for one recorded before them in the background", async () => {
      const code = await createGallery('premium');
      const slot = await upload(code, videos.mp4, 'First dance.mp4', 'video/mp4');
      const answer = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM_VIDEO, {
        code,
        id: slot.uploadId,
      });
      expect(answer.errors).toBeUndefined();
      const video = answer.data!.confirmPhotoUpload;
      const copyState = async () =>
        (
          await db.query(
            'SELECT guest_copy_pending AS pending, guest_original_key IS NOT NULL AS made FROM photos WHERE id = $1',
            [video.id],
          )
        )[0];
      expect(await copyState()).toEqual({ pending: false, made: true });

      // As the migration left a video recorded before guest copies existed: too long to copy for a request.
      await db.query('UPDATE photos SET guest_original_key = NULL, guest_copy_pending = true WHERE id = $1', [
        video.id,
      ]);
      expect((await request(app!.getHttpServer()).get(new URL(video.originalUrl).pathname)).status).toBe(404);
      await waitFor('the sweep to reach the video', async () => {
        await app!.get(GuestCopySweep).sweepOnce();
        return !(await copyState()).pending;
      });
      expect(await copyState()).toEqual({ pending: false, made: true });
      expect((await fetchPhoto(video.originalUrl)).bytes.length).toBeGreaterThan(0);
    });

    it('refuses a file that starts like an MP4 but that ffmpeg cannot read', async () => {
      const code = await createGallery('premium');
      const broken = Buffer.concat([videos.mp4.subarray(0, 32), randomBytes(4096)]);
      const slot = await upload(code, broken, 'broken.mp4', 'video/mp4');
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors?.[0].extensions?.code).toBe('VIDEO_UNREADABLE');
      expect(answer.errors?.[0].message).toBe(englishMessage('errors.VIDEO_UNREADABLE'));
      await expectNothingStored(slot.uploadId);
      expect(await readdir(videoWork)).toEqual([]);
    });

    it('treats a file with a video name but JPEG content as the photo it is', async () => {
      const code = await createGallery('premium');
      const slot = await upload(code, await photoJpeg(64, 48), 'clip.mp4', 'video/mp4');
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors).toBeUndefined();
      const photo = answer.data!.confirmPhotoUpload;
      expect(photo).toMatchObject({ kind: 'photo', durationSeconds: null, width: 64, height: 48 });
      const download = await fetchPhoto(photo.originalUrl);
      expect(download.object.headers.get('content-disposition')).toContain('filename="clip.jpg"');
    });

    it('refuses a video over the size limit before handing out a URL', async () => {
      const code = await createGallery('premium');
      const answer = await requestSlots(code, [
        { fileName: 'whole-day.mp4', contentType: 'video/mp4', size: MAX_VIDEO_BYTES + 1 },
      ]);
      expect(answer.errors?.[0].extensions).toMatchObject({
        code: 'VIDEO_TOO_LARGE',
        count: MAX_VIDEO_MEGABYTES,
      });
    });
  });

  it('downloads an original under its cleaned name with the extension of its real type', async () => {
    const code = await createGallery('free');
    const slot = await upload(code, await photoJpeg(64, 48), 'party\u202Egpj.exe');
    const photo = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload;

    const download = await fetchPhoto(photo.originalUrl);

    expect(download.object.headers.get('content-disposition')).toBe(
      `attachment; filename="partygpj.jpg"; filename*=UTF-8''partygpj.jpg`,
    );
  });

  it('asks the events service about a gallery its read model has not heard of, and uploads at once', async () => {
    const file = [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }];
    const justCreated = galleryData(newGalleryCode(), 'free');
    expect((await requestSlots(justCreated.code, file)).errors?.[0].extensions?.code).toBe(
      'SERVICE_UNAVAILABLE',
    );
    // The events service's side of the contract, as it answers from its own table.
    const lookups = bus!.nc.subscribe(Requests.GalleryLookup, {
      callback: (_error, message) => {
        const { code } = galleryLookupRequestSchema.parse(JSON.parse(message.string()));
        const gallery = code === justCreated.code ? justCreated : null;
        message.respond(JSON.stringify(galleryLookupReplySchema.parse({ gallery })));
      },
    });
    await bus!.nc.flush();
    try {
      const slot = await upload(justCreated.code, await photoJpeg(64, 48));
      expect((await confirm(justCreated.code, slot.uploadId)).errors).toBeUndefined();
      expect((await requestSlots(newGalleryCode(), file)).errors?.[0].extensions?.code).toBe(
        'GALLERY_NOT_FOUND',
      );
    } finally {
      lookups.unsubscribe();
    }
    // event.created arriving afterwards changes nothing: the photo stays counted.
    const created = randomUUID();
    await bus!.publish({
      id: created,
      type: Subjects.EventCreated,
      occurredAt: new Date().toISOString(),
      data: justCreated,
    });
    await waitFor('event.created for the looked-up gallery to be processed', async () => {
      const rows: unknown[] = await db.query(
        'SELECT 1 FROM processed_events WHERE consumer = $1 AND event_id = $2',
        [GalleryReadModelConsumer.NAME, created],
      );
      return rows.length > 0;
    });
    const [{ photo_count }] = await db.query('SELECT photo_count FROM galleries WHERE code = $1', [
      justCreated.code,
    ]);
    expect(photo_count).toBe(1);
  });

  it('refuses a body over the limit and a malformed body with JSON and no stack', async () => {
    const server = app!.getHttpServer();
    const tooBig = await request(server)
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ query: `{ __typename }`, padding: 'x'.repeat(API_LIMITS.bodyBytes) }));
    expect(tooBig.status).toBe(413);
    expect(tooBig.headers['content-type']).toMatch(/^application\/json/);

    const malformed = await request(server)
      .post('/graphql')
      .set('Content-Type', 'application/json')
      .send('{"query": ');
    expect(malformed.status).toBe(400);
    expect(malformed.headers['content-type']).toMatch(/^application\/json/);
    for (const answer of [tooBig, malformed]) {
      expect(answer.text).not.toMatch(/node_modules|\bat \S+ \(|stack/i);
    }
  });

  // From here on the storage server is stopped.
  it('reports unavailable with 503 when storage stops answering', async () => {
    await platform!.s3.stop();
    const response = await request(app!.getHttpServer()).get('/health');
    expect(response.status).toBe(503);
    expect(response.body.status).toBe('unavailable');
    expect(response.body.checks).toMatchObject({ database: 'ok', nats: 'ok' });
    expect(response.body.checks.storage).not.toBe('ok');
  });

  it('answers SERVICE_UNAVAILABLE, not INTERNAL, to a confirmation while storage is down', async () => {
    const code = await createGallery('free');
    // Signing a URL needs no storage: the slot is handed out, its confirmation cannot check anything.
    const slots = await requestSlots(code, [{ fileName: 'a.jpg', contentType: 'image/jpeg', size: 10 }]);
    expect(slots.errors).toBeUndefined();

    const answer = await confirm(code, slots.data!.requestPhotoUploads[0].uploadId);

    expect(answer.errors?.[0].extensions?.code).toBe('SERVICE_UNAVAILABLE');
    expect(answer.errors?.[0].message).toBe(englishMessage('errors.SERVICE_UNAVAILABLE'));
    expect(await uploadStatus(slots.data!.requestPhotoUploads[0].uploadId)).toBe('pending');
  });

  it('retries a deletion storage did not answer, later, until it succeeds', async () => {
    const id = randomUUID();
    const staged = `staging/${id}`;
    await db.query(
      `INSERT INTO uploads (id, event_code, object_key, file_name, content_type, size, status, created_at)
       VALUES ($1, $2, $3, 'a.jpg', 'image/jpeg', 10, 'pending', now() - interval '2 hours')`,
      [id, newGalleryCode(), staged],
    );
    expect(await app!.get(AbandonedUploadSweeper).sweepOnce()).toBe(1);
    const deletions = app!.get(StorageDeletions);
    const scheduled = async () =>
      (await db.query(
        'SELECT attempts, not_before > now() AS later FROM storage_deletions WHERE object_key = $1',
        [staged],
      )) as { attempts: number; later: boolean }[];

    expect(await deletions.processOnce()).toBe(0);
    expect(await scheduled()).toEqual([{ attempts: 1, later: true }]);

    // Storage comes back, holding the object, on the same address.
    restartedS3 = await startS3({
      dataDir: await mkdtemp(path.join(os.tmpdir(), 'media-s3-back-')),
      port: Number(new URL(platform!.s3.endpoint).port),
      accessKeyId: platform!.s3.accessKeyId,
      secretAccessKey: platform!.s3.secretAccessKey,
      buckets: [BUCKET],
    });
    await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: staged, Body: Buffer.from('staged') }));
    await deletions.processOnce();
    expect(await headStatus(staged)).toBe(200);

    // The back-off has passed.
    await db.query('UPDATE storage_deletions SET not_before = now() WHERE object_key = $1', [staged]);
    expect(await deletions.processOnce()).toBeGreaterThanOrEqual(1);

    expect(await headStatus(staged)).toBe(404);
    expect(await scheduled()).toEqual([]);
  });
});
