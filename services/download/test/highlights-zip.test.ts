import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  downloadPermissionRequestSchema,
  galleryCodeFromBytes,
  galleryPhotosRequestSchema,
  Requests,
  type ArchivePhoto,
  type DownloadPermissionReply,
  type GalleryPhotosReply,
  type GalleryPhotosRequest,
} from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, createS3Client, EventBus } from '@gallery/platform';
import { startTestPlatform, type TestPlatform, waitFor } from '@gallery/testing';
import { createApp, DownloadConfig } from '../src/index.js';

// The couple's HIGHLIGHTS zip through the download service: it asks media for the gallery's Highlights only, and
// the zip holds those photos, in media's order (oldest first), named by when they were taken. Media and events
// are stand-ins answering as their contracts say.

const run = promisify(execFile);
const BUCKET = 'highlights-zip-test';
const OWNER_TOKEN = randomBytes(16).toString('base64url');

let platform: TestPlatform | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let s3: S3Client | undefined;
let tmp: string;

interface StoredPhoto extends ArchivePhoto {
  bytes: Buffer;
  highlight: boolean;
}
const code = galleryCodeFromBytes(randomBytes(8));
const photos: StoredPhoto[] = [];
/** Every GalleryPhotos question download asked media, oldest first. */
const asked: GalleryPhotosRequest[] = [];

/** Media's answer: the gallery's photos oldest first, or only its Highlights (one page, oldest first too). */
function answerGalleryPhotos(body: unknown): GalleryPhotosReply {
  const parsed = galleryPhotosRequestSchema.parse(body);
  asked.push(parsed);
  if (parsed.code !== code) return { found: false, photos: [], next: null };
  const chosen = photos
    .filter((photo) => !parsed.highlights || photo.highlight)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return {
    found: true,
    photos: chosen.map(({ bytes: _bytes, highlight: _highlight, ...photo }) => photo),
    next: null,
  };
}

function answerPermission(body: unknown): DownloadPermissionReply {
  const parsed = downloadPermissionRequestSchema.parse(body);
  if (parsed.code !== code) return { gallery: null, owner: false, guestDownloadsAllowed: false };
  return {
    gallery: { code, name: 'Sarah & Mike' },
    owner: parsed.authorization === `Bearer ${OWNER_TOKEN}`,
    guestDownloadsAllowed: false,
  };
}

async function addPhoto(fileName: string, createdAt: string, highlight: boolean, guestName: string | null) {
  const bytes = randomBytes(2000 + Math.floor(Math.random() * 2000));
  const id = randomUUID();
  const originalKey = `photos/${id}/${randomUUID()}/original`;
  await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: originalKey, Body: bytes }));
  photos.push({
    id,
    originalKey,
    guestCopyKey: null,
    guestCopyPending: false,
    fileName,
    contentType: 'image/jpeg',
    size: bytes.length,
    createdAt,
    kind: 'photo',
    guestName,
    bytes,
    highlight,
  });
}

async function graphql<T>(query: string, variables: Record<string, unknown>) {
  const response = await request(app!.getHttpServer())
    .post('/graphql')
    .set(CLIENT_ADDRESS_HEADER, randomUUID())
    .set('Authorization', `Bearer ${OWNER_TOKEN}`)
    .send({ query, variables });
  expect(response.status).toBe(200);
  const body = response.body as { data?: T; errors?: unknown[] };
  expect(body.errors).toBeUndefined();
  return body.data!;
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

beforeAll(async () => {
  platform = await startTestPlatform();
  const storage = {
    endpoint: platform.s3.endpoint,
    region: platform.s3.region,
    accessKeyId: platform.s3.accessKeyId,
    secretAccessKey: platform.s3.secretAccessKey,
    bucket: BUCKET,
  };
  s3 = createS3Client(storage);
  bus = await EventBus.connect(platform.nats.url, 'highlights-zip-test');
  const respond = (subject: string, answer: (body: unknown) => unknown) =>
    bus!.nc.subscribe(subject, {
      callback: (_error, message) => {
        message.respond(JSON.stringify(answer(message.json())));
      },
    });
  respond(Requests.GuestAdmission, () => ({ admitted: true }));
  respond(Requests.GalleryPhotos, answerGalleryPhotos);
  respond(Requests.DownloadPermission, answerPermission);
  await bus.nc.flush();
  app = await createApp(
    new DownloadConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: await platform.postgres.createDatabase(),
      natsUrl: platform.nats.url,
      storage,
      sweepIntervalMs: 24 * 60 * 60 * 1000,
      staleBuildMs: 24 * 60 * 60 * 1000,
    }),
    { logger: ['error'] },
  );
  tmp = await mkdtemp(path.join(os.tmpdir(), 'highlights-zip-test-'));
}, 120_000);

afterAll(async () => {
  await app?.close();
  await bus?.close();
  s3?.destroy();
  await platform?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('a HIGHLIGHTS zip', () => {
  it("holds the gallery's Highlights only, oldest first, named by when they were taken", async () => {
    // Added out of order: media's answer, not the order of arrival, sets the zip's.
    await addPhoto('IMG_0200.jpg', '2026-06-13T22:15:00.000Z', true, 'Anna');
    await addPhoto('IMG_0100.jpg', '2026-06-13T18:04:05.000Z', true, null);
    await addPhoto('blurry.jpg', '2026-06-13T19:00:00.000Z', false, null);
    await addPhoto('IMG_0150.jpg', '2026-06-13T20:30:00.000Z', true, null);
    await addPhoto('IMG_0151.jpg', '2026-06-13T20:30:01.000Z', false, 'Anna');

    const { requestArchive: job } = await graphql<{ requestArchive: { id: string } }>(
      'mutation ($code: String!) { requestArchive(eventCode: $code, layout: HIGHLIGHTS) { id } }',
      { code },
    );
    const done = await waitFor('the HIGHLIGHTS zip', async () => {
      const { archiveJob } = await graphql<{
        archiveJob: { status: string; photoCount: number; downloadUrl: string | null } | null;
      }>(
        'query ($code: String!, $id: ID!) { archiveJob(eventCode: $code, jobId: $id) { status photoCount downloadUrl } }',
        { code, id: job.id },
      );
      return archiveJob && archiveJob.status !== 'BUILDING' ? archiveJob : null;
    });
    expect(done).toMatchObject({ status: 'COMPLETE', photoCount: 3 });
    // Every question to media (the request's count, the build's list) was for the Highlights only.
    const questions = asked.filter((question) => question.code === code);
    expect(questions.length).toBeGreaterThan(0);
    expect(questions.every((question) => question.highlights === true)).toBe(true);

    const file = path.join(tmp, 'highlights.zip');
    await writeFile(file, Buffer.from(await (await fetch(done.downloadUrl!)).arrayBuffer()));
    const entries = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n');
    expect(entries).toEqual([
      'Sarah & Mike/2026-06-13 18.04.05 IMG_0100.jpg',
      'Sarah & Mike/2026-06-13 20.30.00 IMG_0150.jpg',
      'Sarah & Mike/2026-06-13 22.15.00 Anna.jpg',
    ]);
    const byName = ['IMG_0100.jpg', 'IMG_0150.jpg', 'IMG_0200.jpg'].map((name) =>
      photos.find((photo) => photo.fileName === name)!,
    );
    for (const [index, entry] of entries.entries()) {
      const { stdout } = await run('unzip', ['-p', file, entry], { encoding: 'buffer', maxBuffer: 1 << 24 });
      expect(sha(stdout)).toBe(sha(byName[index]!.bytes));
    }
  }, 120_000);
});
