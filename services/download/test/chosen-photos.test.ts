import { execFile } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import {
  archiveProgressSchema,
  archiveProgressSubject,
  CHOSEN_PHOTOS_LIMIT,
  downloadPermissionRequestSchema,
  galleryCodeFromBytes,
  galleryPhotosRequestSchema,
  guestCopyRequestSchema,
  PHOTOS_OF_YOU_FOLDER,
  Requests,
  visiblePhotosRequestSchema,
  type ArchivePhoto,
  type ArchiveProgress,
  type LivePhoto,
} from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, createS3Client, EventBus, GUEST_IDENTITY_HEADER } from '@gallery/platform';
import { startTestPlatform, type TestPlatform, waitFor } from '@gallery/testing';
import { createApp, DownloadConfig } from '../src/index.js';

// "Find me"'s "Download these": a zip of the photos a guest chose, of those media says they may see, flat in
// "Photos of you", under Download All's rights (the couple letting guests download) and limits. media and events
// are stand-ins answering on NATS as their contracts say; storage, PostgreSQL and NATS are real.

const run = promisify(execFile);
const BUCKET = 'chosen-photos-test';

let platform: TestPlatform | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let s3: S3Client | undefined;
let tmp: string;

interface StoredPhoto extends ArchivePhoto {
  guestBytes: Buffer;
}

interface TestGallery {
  ownerToken: string;
  guestDownloads: boolean;
  /** As events answers it: false while guests see only their own photos (Download All is refused then). */
  photosShared: boolean;
  photos: StoredPhoto[];
  /** What media lets each guest identity see (the gallery's privacy settings, as its view decides). */
  visibleTo: Map<string, Set<string>>;
}
const galleries = new Map<string, TestGallery>();
/** Every VisiblePhotos question download asked media, oldest first. */
const visibilityQuestions: { code: string; ids: string[]; guestIdentity?: string }[] = [];

function newGallery(values: Partial<TestGallery> = {}): string {
  const code = galleryCodeFromBytes(randomBytes(8));
  galleries.set(code, {
    ownerToken: randomBytes(16).toString('base64url'),
    guestDownloads: true,
    photosShared: false,
    photos: [],
    visibleTo: new Map(),
    ...values,
  });
  return code;
}

async function addPhoto(code: string, guestName: string, createdAt: string): Promise<StoredPhoto> {
  const id = randomUUID();
  const guestBytes = Buffer.concat([Buffer.from(`guest copy of ${guestName} `), randomBytes(2000)]);
  const guestCopyKey = `photos/${id}/guest-original`;
  await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: guestCopyKey, Body: guestBytes }));
  const photo: StoredPhoto = {
    id,
    originalKey: `photos/${id}/original`,
    guestCopyKey,
    guestCopyPending: false,
    fileName: 'IMG_0001.jpg',
    contentType: 'image/jpeg',
    size: guestBytes.length,
    createdAt,
    kind: 'photo',
    guestName,
    guestBytes,
  };
  galleries.get(code)!.photos.push(photo);
  return photo;
}

/** media: the gallery's photos, oldest first, only those named when ids are given (one page is enough here). */
function answerGalleryPhotos(body: unknown) {
  const parsed = galleryPhotosRequestSchema.parse(body);
  const gallery = galleries.get(parsed.code);
  if (!gallery) return { found: false, photos: [], next: null };
  const photos = gallery.photos
    .filter((photo) => !parsed.ids || parsed.ids.includes(photo.id))
    .map(({ guestBytes: _bytes, ...photo }) => photo);
  return { found: true, photos: photos.slice(0, parsed.limit), next: null };
}

/** media: of these photos, those this caller may see (the owner every one; a guest those their view shows). */
function answerVisiblePhotos(body: unknown): { photos: LivePhoto[] } {
  const parsed = visiblePhotosRequestSchema.parse(body);
  visibilityQuestions.push({ code: parsed.code, ids: parsed.ids, guestIdentity: parsed.guestIdentity });
  const gallery = galleries.get(parsed.code);
  if (!gallery) return { photos: [] };
  const owner = parsed.authorization === `Bearer ${gallery.ownerToken}`;
  const seen = gallery.visibleTo.get(parsed.guestIdentity ?? '') ?? new Set<string>();
  return {
    photos: gallery.photos
      .filter((photo) => parsed.ids.includes(photo.id) && (owner || seen.has(photo.id)))
      .map((photo) => ({
        id: photo.id,
        eventCode: parsed.code,
        thumbnailUrl: `https://media.example/${photo.id}/thumb`,
        previewUrl: `https://media.example/${photo.id}/preview`,
        originalUrl: `https://media.example/${photo.id}/original`,
        width: 640,
        height: 480,
        createdAt: photo.createdAt,
        kind: 'photo',
        durationSeconds: null,
        guestName: photo.guestName,
        challengeId: null,
      })),
  };
}

function answerPermission(body: unknown) {
  const parsed = downloadPermissionRequestSchema.parse(body);
  const gallery = galleries.get(parsed.code);
  if (!gallery) return { gallery: null, owner: false, guestDownloadsAllowed: false };
  return {
    gallery: { code: parsed.code, name: 'Sarah & Mike' },
    owner: parsed.authorization === `Bearer ${gallery.ownerToken}`,
    guestDownloadsAllowed: gallery.guestDownloads,
    photosShared: gallery.photosShared,
  };
}

interface Job {
  id: string | null;
  status: string;
  photoCount: number;
  downloadUrl: string | null;
}
interface Answer<T> {
  data?: T | null;
  errors?: { extensions?: { code?: string } }[];
}
const JOB_FIELDS = 'id status photoCount downloadUrl';

/** A GraphQL call as a guest with this identity (each call from an address of its own unless told). */
async function asGuest<T>(query: string, variables: object, guest: string): Promise<Answer<T>> {
  const response = await request(app!.getHttpServer())
    .post('/graphql')
    .set(CLIENT_ADDRESS_HEADER, randomUUID())
    .set(GUEST_IDENTITY_HEADER, guest)
    .send({ query, variables });
  expect(response.status).toBe(200);
  return response.body as Answer<T>;
}

const requestPhotos = (code: string, photoIds: string[], guest: string) =>
  asGuest<{ requestPhotosArchive: Job }>(
    `mutation ($code: String!, $ids: [ID!]!) { requestPhotosArchive(eventCode: $code, photoIds: $ids) { ${JOB_FIELDS} } }`,
    { code, ids: photoIds },
    guest,
  );

async function finished(code: string, jobId: string, guest: string): Promise<Job> {
  return waitFor(`zip ${jobId}`, async () => {
    const answer = await asGuest<{ archiveJob: Job | null }>(
      `query ($code: String!, $id: ID!) { archiveJob(eventCode: $code, jobId: $id) { ${JOB_FIELDS} } }`,
      { code, id: jobId },
      guest,
    );
    const job = answer.data?.archiveJob;
    return job && job.status !== 'BUILDING' ? job : null;
  });
}

/** Every entry of the zip at `url`: its name and bytes. */
async function zipEntries(url: string): Promise<Map<string, Buffer>> {
  const file = path.join(tmp, `${randomUUID()}.zip`);
  await writeFile(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  const { stdout } = await run('zipinfo', ['-1', file]);
  const entries = new Map<string, Buffer>();
  for (const name of stdout.split('\n').filter(Boolean)) {
    const { stdout: bytes } = await run('unzip', ['-p', file, name], { encoding: 'buffer' });
    entries.set(name, bytes as unknown as Buffer);
  }
  return entries;
}

const errorCode = (answer: Answer<unknown>) => answer.errors?.[0]?.extensions?.code;

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
  bus = await EventBus.connect(platform.nats.url, 'chosen-photos-test');
  const answer = (subject: string, reply: (body: unknown) => unknown) =>
    bus!.nc.subscribe(subject, {
      callback: (_error, message) => {
        message.respond(JSON.stringify(reply(message.json())));
      },
    });
  answer(Requests.GuestAdmission, () => ({ admitted: true }));
  answer(Requests.GalleryPhotos, answerGalleryPhotos);
  answer(Requests.VisiblePhotos, answerVisiblePhotos);
  answer(Requests.DownloadPermission, answerPermission);
  answer(Requests.GuestCopy, (body) => {
    const { code, photoId } = guestCopyRequestSchema.parse(body);
    return { key: galleries.get(code)?.photos.find((photo) => photo.id === photoId)?.guestCopyKey ?? null };
  });
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
  tmp = await mkdtemp(path.join(os.tmpdir(), 'chosen-photos-test-'));
});

afterAll(async () => {
  await app?.close();
  await bus?.close();
  s3?.destroy();
  await platform?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('a zip of chosen photos', () => {
  it("holds the chosen photos the guest may see, flat in their folder, told to nobody else's screen", async () => {
    // Guests see only their own photos here: Download All is refused them, a zip of photos they may see is not.
    const code = newGallery({ photosShared: false });
    const amyAtDinner = await addPhoto(code, 'Amy', '2026-06-13T18:04:05.000Z');
    const amyDancing = await addPhoto(code, 'Raj', '2026-06-13T21:30:00.000Z');
    const notShownToAmy = await addPhoto(code, 'Penny', '2026-06-13T22:00:00.000Z');
    galleries.get(code)!.visibleTo.set('amy', new Set([amyAtDinner.id, amyDancing.id]));
    const heard: ArchiveProgress[] = [];
    const subscription = bus!.nc.subscribe(archiveProgressSubject(code), {
      callback: (_error, message) => {
        heard.push(archiveProgressSchema.parse(message.json()));
      },
    });

    const asked = await requestPhotos(code, [amyDancing.id, amyAtDinner.id, notShownToAmy.id], 'amy');
    expect(asked.errors).toBeUndefined();
    const job = await finished(code, asked.data!.requestPhotosArchive.id!, 'amy');
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 2 });
    expect(visibilityQuestions.at(-1)).toMatchObject({ code, guestIdentity: 'amy' });

    const entries = await zipEntries(job.downloadUrl!);
    expect([...entries.keys()]).toEqual([
      `${PHOTOS_OF_YOU_FOLDER}/2026-06-13 18.04.05 Amy.jpg`,
      `${PHOTOS_OF_YOU_FOLDER}/2026-06-13 21.30.00 Raj.jpg`,
    ]);
    // The guests' copies (no location, serial numbers or names), as in every guest's zip.
    expect(entries.get(`${PHOTOS_OF_YOU_FOLDER}/2026-06-13 18.04.05 Amy.jpg`)).toEqual(
      amyAtDinner.guestBytes,
    );

    // Its progress reached no guest's screen: its id there would hand Amy's photos to every guest.
    await bus!.nc.flush();
    subscription.unsubscribe();
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.every((progress) => progress.forGuests === false)).toBe(true);

    // The same photos again, in another order and with one Amy may not see: the zip already made.
    const again = await requestPhotos(code, [notShownToAmy.id, amyAtDinner.id, amyDancing.id], 'amy');
    expect(again.data!.requestPhotosArchive).toMatchObject({ id: job.id, status: 'COMPLETE' });

    // Another guest's zip of photos they see is theirs: nothing of Amy's in it.
    galleries.get(code)!.visibleTo.set('penny', new Set([notShownToAmy.id]));
    const penny = await requestPhotos(code, [amyAtDinner.id, notShownToAmy.id], 'penny');
    const pennyJob = await finished(code, penny.data!.requestPhotosArchive.id!, 'penny');
    expect(pennyJob.id).not.toBe(job.id);
    expect([...(await zipEntries(pennyJob.downloadUrl!)).keys()]).toEqual([
      `${PHOTOS_OF_YOU_FOLDER}/2026-06-13 22.00.00 Penny.jpg`,
    ]);
  });

  it('keeps Download All’s rights and limits', async () => {
    const closed = newGallery({ guestDownloads: false });
    const photo = await addPhoto(closed, 'Amy', '2026-06-13T18:04:05.000Z');
    galleries.get(closed)!.visibleTo.set('amy', new Set([photo.id]));
    expect(errorCode(await requestPhotos(closed, [photo.id], 'amy'))).toBe('FORBIDDEN');

    const open = newGallery();
    const amy = await addPhoto(open, 'Amy', '2026-06-13T18:04:05.000Z');
    // None of them hers to see: nothing is built.
    expect((await requestPhotos(open, [amy.id], 'stranger')).data!.requestPhotosArchive).toMatchObject({
      id: null,
      status: 'EMPTY',
    });
    const tooMany = Array.from({ length: CHOSEN_PHOTOS_LIMIT + 1 }, () => randomUUID());
    expect(errorCode(await requestPhotos(open, tooMany, 'amy'))).toBe('VALIDATION_FAILED');
    expect(errorCode(await requestPhotos(open, [], 'amy'))).toBe('VALIDATION_FAILED');
    expect(errorCode(await requestPhotos(open, ['not-an-id'], 'amy'))).toBe('VALIDATION_FAILED');
  });
});
