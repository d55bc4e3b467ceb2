import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import {
  ARCHIVE_RETENTION_DAYS,
  ARCHIVE_URL_SECONDS,
  archiveProgressSchema,
  archiveProgressSubject,
  downloadPermissionRequestSchema,
  guestAdmissionRequestSchema,
  PIN_PASS_HEADER,
  en,
  galleryCodeFromBytes,
  galleryPhotosRequestSchema,
  guestCopyRequestSchema,
  NO_CHALLENGE_FOLDER,
  GUEST_RATE_LIMITS,
  Requests,
  Subjects,
  type ArchivePhoto,
  type ArchiveProgress,
  type ArchiveStage,
  type DomainEvent,
  type DownloadPermissionReply,
  type GuestAdmissionReply,
  type GuestAdmissionRequest,
  type GalleryPhotosReply,
  type GuestCopyReply,
  type GuestCopyRequest,
} from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, createS3Client, EventBus, type NatsSubscription } from '@gallery/platform';
import { findFreePort } from '@gallery/local-servers';
import { databaseMentions, startTestPlatform, type TestPlatform, waitFor } from '@gallery/testing';
import { createApp, DownloadConfig } from '../src/index.js';
import { ArchiveBuilder } from '../src/archives/archive-builder.js';
import { ArchiveSweeper } from '../src/archives/archive-sweeper.js';
import { PURGED_RECORD_MS } from '../src/archives/archive-jobs.repository.js';

const run = promisify(execFile);
const BUCKET = 'download-test';

let platform: TestPlatform | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let s3: S3Client | undefined;
let db: DataSource;
let databaseUrl: string;
let tmp: string;
const responders: NatsSubscription[] = [];

/** What the test's stand-ins for media and events know. */
interface TestGallery {
  name: string;
  ownerToken: string;
  guestDownloads: boolean;
  /** photosSharedWithGuests as events answers it: false for a drop box or a reveal to come. */
  photosShared?: boolean;
  /** With a PIN: the passes guests got by entering it (GalleryPins); none without one. */
  pinPasses?: string[];
  /** The PIN's version, as events counts changes (0: never set; 1 when not given and there are passes). */
  pinVersion?: number;
  photos: (ArchivePhoto & {
    bytes: Buffer;
    guestBytes: Buffer;
    copyFails?: boolean;
    firstAskLost?: boolean;
  })[];
}
const galleries = new Map<string, TestGallery>();
/** Every guest admission question download asked events, oldest first. */
const admissionQuestions: GuestAdmissionRequest[] = [];

const newCode = () => galleryCodeFromBytes(randomBytes(8));

/** Media's answer, paged exactly as the contract says (oldest first, `next` as an opaque index). */
function answerGalleryPhotos(body: unknown): GalleryPhotosReply {
  const parsed = galleryPhotosRequestSchema.parse(body);
  const gallery = galleries.get(parsed.code);
  if (!gallery) return { found: false, photos: [], next: null };
  const start = parsed.after ? Number(parsed.after) : 0;
  const page = gallery.photos.slice(start, start + parsed.limit);
  const end = start + page.length;
  return {
    found: true,
    photos: page.map(
      ({ bytes: _bytes, guestBytes: _guestBytes, copyFails: _fails, firstAskLost: _lost, ...photo }) => photo,
    ),
    next: end < gallery.photos.length ? String(end) : null,
  };
}

/** Every guests' copy download asked media for, oldest first. */
const guestCopyQuestions: GuestCopyRequest[] = [];

/** Media's answer: a copy still to be made is made now (stored under its key), once. */
async function answerGuestCopy(body: unknown): Promise<GuestCopyReply | Record<string, never>> {
  const parsed = guestCopyRequestSchema.parse(body);
  guestCopyQuestions.push(parsed);
  const photo = galleries.get(parsed.code)?.photos.find((candidate) => candidate.id === parsed.photoId);
  if (!photo) return { key: null };
  if (photo.firstAskLost) {
    photo.firstAskLost = false;
    return {};
  }
  if (photo.guestCopyPending) {
    photo.guestCopyPending = false;
    if (!photo.copyFails) {
      photo.guestCopyKey = `photos/${photo.id}/${randomUUID()}/guest-original`;
      await s3!.send(
        new PutObjectCommand({ Bucket: BUCKET, Key: photo.guestCopyKey, Body: photo.guestBytes }),
      );
    }
  }
  return { key: photo.guestCopyKey };
}

/**
 * Events' guest admission by its rule (GalleryPins.admits): every guest of a gallery without a PIN (or of no
 * gallery); with a PIN, a pass given for that gallery or its owner's token. A request breaking the contract is
 * refused, as events refuses it.
 */
function answerGuestAdmission(body: unknown): GuestAdmissionReply {
  const parsed = guestAdmissionRequestSchema.safeParse(body);
  if (!parsed.success) return { admitted: false };
  admissionQuestions.push(parsed.data);
  const gallery = galleries.get(parsed.data.code);
  if (!gallery) return { admitted: true };
  const pin = {
    set: gallery.pinPasses !== undefined,
    version: gallery.pinVersion ?? (gallery.pinPasses ? 1 : 0),
  };
  if (!gallery.pinPasses) return { admitted: true, pin };
  const { pass, authorization } = parsed.data;
  return {
    admitted:
      (pass !== undefined && gallery.pinPasses.includes(pass)) ||
      authorization === `Bearer ${gallery.ownerToken}`,
    pin,
  };
}

/** Events' answer: the owner by token; guests by the gallery's setting. */
function answerPermission(body: unknown): DownloadPermissionReply {
  const parsed = downloadPermissionRequestSchema.parse(body);
  const gallery = galleries.get(parsed.code);
  if (!gallery) return { gallery: null, owner: false, guestDownloadsAllowed: false };
  return {
    gallery: { code: parsed.code, name: gallery.name },
    owner: parsed.authorization === `Bearer ${gallery.ownerToken}`,
    guestDownloadsAllowed: gallery.guestDownloads,
    ...(gallery.photosShared === undefined ? {} : { photosShared: gallery.photosShared }),
  };
}

async function addPhoto(
  code: string,
  fileName: string,
  options: {
    size?: number;
    kind?: 'photo' | 'video';
    createdAt?: string;
    stored?: boolean;
    guestName?: string;
    challengePrompt?: string;
    /** The original's bytes and type (random bytes named a JPEG unless given). */
    bytes?: Buffer;
    contentType?: string;
    /**
     * The guests' copy: made (the default); false: none can be made; 'when-asked': media makes it when asked
     * (Requests.GuestCopy); 'fails-when-asked': media, asked, finds it cannot make one; 'when-asked-again': media's
     * first answer is lost (it breaks the contract, as an unanswered request is answered SERVICE_UNAVAILABLE), the
     * next makes it.
     */
    guestCopy?: false | 'when-asked' | 'fails-when-asked' | 'when-asked-again';
    /** The guests' copy's bytes (the original's prefixed with "guest copy of " unless given). */
    guestBytes?: Buffer;
  } = {},
) {
  const bytes = options.bytes ?? randomBytes(options.size ?? 1000 + Math.floor(Math.random() * 50_000));
  const id = randomUUID();
  const attempt = randomUUID();
  const originalKey = `photos/${id}/${attempt}/original`;
  // What media's guest copy would be: other bytes than the original's, so a zip tells which it holds.
  const guestBytes = options.guestBytes ?? Buffer.concat([Buffer.from('guest copy of '), bytes]);
  const guestCopyKey = options.guestCopy === undefined ? `photos/${id}/${attempt}/guest-original` : null;
  if (options.stored !== false) {
    await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: originalKey, Body: bytes }));
    if (guestCopyKey) {
      await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: guestCopyKey, Body: guestBytes }));
    }
  }
  const photo = {
    id,
    originalKey,
    fileName,
    contentType: options.contentType ?? (options.kind === 'video' ? 'video/mp4' : 'image/jpeg'),
    size: bytes.length,
    createdAt: options.createdAt ?? '2026-06-13T18:04:05.000Z',
    kind: options.kind ?? ('photo' as const),
    guestName: options.guestName ?? null,
    challengePrompt: options.challengePrompt ?? null,
    guestCopyKey,
    guestCopyPending: ['when-asked', 'fails-when-asked', 'when-asked-again'].includes(
      String(options.guestCopy),
    ),
    bytes,
    guestBytes,
    ...(options.guestCopy === 'fails-when-asked' ? { copyFails: true } : {}),
    ...(options.guestCopy === 'when-asked-again' ? { firstAskLost: true } : {}),
  };
  galleries.get(code)!.photos.push(photo);
  return photo;
}

function newGallery(values: Partial<TestGallery> = {}): string {
  const code = newCode();
  galleries.set(code, {
    name: 'Sarah & Mike',
    ownerToken: randomBytes(16).toString('base64url'),
    guestDownloads: false,
    photos: [],
    ...values,
  });
  return code;
}

interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}
interface Job {
  id: string | null;
  status: string;
  photoCount: number;
  size: number | null;
  downloadUrl: string | null;
}
const JOB_FIELDS = 'id status photoCount size downloadUrl';

async function graphql<T>(
  query: string,
  variables: Record<string, unknown>,
  authorization?: string,
  client: string = randomUUID(),
  pass?: string,
) {
  const call = request(app!.getHttpServer()).post('/graphql').set(CLIENT_ADDRESS_HEADER, client);
  if (authorization) call.set('Authorization', authorization);
  if (pass) call.set(PIN_PASS_HEADER, pass);
  const response = await call.send({ query, variables });
  expect(response.status).toBe(200);
  return response.body as GraphQLAnswer<T>;
}

const owner = (code: string) => `Bearer ${galleries.get(code)?.ownerToken ?? 'none'}`;

/** A real HEIC photo (480 x 320), made with libheif's heif-enc. */
const HEIC_FIXTURE = fileURLToPath(new URL('./fixtures/photo-480x320.heic', import.meta.url));

async function requestJpegCopies(code: string, authorization: string | null = owner(code)) {
  return graphql<{ requestArchive: Job }>(
    `mutation ($code: String!) { requestArchive(eventCode: $code, jpegCopies: true) { ${JOB_FIELDS} } }`,
    { code },
    authorization ?? undefined,
  );
}

async function requestArchive(
  code: string,
  authorization: string | null = owner(code),
  client?: string,
  layout?: 'BY_DATE' | 'BY_GUEST' | 'BY_CHALLENGE',
) {
  return graphql<{ requestArchive: Job }>(
    layout
      ? `mutation ($code: String!, $layout: ArchiveLayout) { requestArchive(eventCode: $code, layout: $layout) { ${JOB_FIELDS} } }`
      : `mutation ($code: String!) { requestArchive(eventCode: $code) { ${JOB_FIELDS} } }`,
    layout ? { code, layout } : { code },
    authorization ?? undefined,
    client,
  );
}

async function archiveJob(code: string, jobId: string): Promise<Job | null> {
  const answer = await graphql<{ archiveJob: Job | null }>(
    `query ($code: String!, $id: ID!) { archiveJob(eventCode: $code, jobId: $id) { ${JOB_FIELDS} } }`,
    { code, id: jobId },
    owner(code),
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.archiveJob;
}

/** Every progress message of the gallery from now on. */
function followProgress(code: string) {
  const seen: ArchiveProgress[] = [];
  const subscription = bus!.nc.subscribe(archiveProgressSubject(code), {
    callback: (_error, message) => {
      seen.push(archiveProgressSchema.parse(message.json()));
    },
  });
  return {
    seen,
    stages: () => seen.map((progress) => progress.stage),
    until: (stage: ArchiveStage) =>
      waitFor(`progress ${stage}`, async () => seen.find((progress) => progress.stage === stage)),
    stop: () => subscription.unsubscribe(),
  };
}

async function finished(code: string, jobId: string): Promise<Job> {
  return waitFor(`job ${jobId} to finish`, async () => {
    const job = await archiveJob(code, jobId);
    return job && job.status !== 'BUILDING' ? job : null;
  });
}

async function archiveKeys(): Promise<string[]> {
  const listing = await s3!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'archives/' }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

/** The keys of the multipart uploads begun under archives/ and neither completed nor aborted. */
async function uploadsInProgress(): Promise<string[]> {
  const listing = await s3!.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: 'archives/' }));
  return (listing.Uploads ?? []).map((upload) => upload.Key!);
}

async function expireGallery(code: string) {
  await bus!.publish({
    id: randomUUID(),
    type: Subjects.EventExpired,
    occurredAt: new Date().toISOString(),
    data: { code, reason: 'deleted' },
  });
}

/** Purges the gallery and waits until the service has let go of its jobs. */
async function purgeGallery(code: string) {
  await expireGallery(code);
  await waitFor('the purge', async () =>
    (await db.query('SELECT 1 FROM archive_jobs WHERE event_code = $1', [code])).length === 0 ? true : null,
  );
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

interface Replica {
  requestArchive(code: string): Promise<{ id: string }>;
  /** SIGKILL: the process dies at once, as a crash or an OOM kill. */
  kill(): Promise<void>;
}

/** Another process of the service on `port`, as npm start runs it (the build's output: `npm run build` first). */
async function startReplica(port: number): Promise<Replica> {
  const replica = spawn(process.execPath, [path.join(import.meta.dirname, '..', 'dist', 'main.js')], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      NATS_URL: platform!.nats.url,
      S3_ENDPOINT: platform!.s3.endpoint,
      S3_REGION: platform!.s3.region,
      S3_ACCESS_KEY_ID: platform!.s3.accessKeyId,
      S3_SECRET_ACCESS_KEY: platform!.s3.secretAccessKey,
      S3_BUCKET: BUCKET,
      GUEST_IDENTITY_KEY: randomBytes(32).toString('base64url'),
    },
    stdio: 'ignore',
  });
  const exited = new Promise((resolve) => replica.once('exit', resolve));
  try {
    // A minute: a process starting on a busy machine (its migrations, NATS, storage) takes its time.
    await waitFor(
      'the replica',
      () =>
        fetch(`http://127.0.0.1:${port}/health`).then(
          (response) => response.ok,
          () => false,
        ),
      60_000,
    );
  } catch (error) {
    // Never left running: it would sweep the next tests' builds with its own settings.
    replica.kill('SIGKILL');
    await exited;
    throw error;
  }
  return {
    async requestArchive(code) {
      const response = await fetch(`http://127.0.0.1:${port}/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: owner(code),
          [CLIENT_ADDRESS_HEADER]: randomUUID(),
        },
        body: JSON.stringify({
          query: 'mutation ($code: String!) { requestArchive(eventCode: $code) { id } }',
          variables: { code },
        }),
      });
      const body = (await response.json()) as GraphQLAnswer<{ requestArchive: { id: string } }>;
      if (!body.data) throw new Error(`requestArchive answered ${JSON.stringify(body.errors)}`);
      return body.data.requestArchive;
    },
    async kill() {
      replica.kill('SIGKILL');
      await exited;
    },
  };
}

/** A build of the gallery started on `replica`, killed with it once photos and parts of the zip are in. */
async function buildKilledMidway(replica: Replica, code: string) {
  const progress = followProgress(code);
  const { id: jobId } = await replica.requestArchive(code);
  await waitFor('photos being added', async () =>
    progress.seen.some((step) => step.stage === 'adding' && step.count > 0),
  );
  await waitFor('parts of the zip in storage', async () =>
    (await uploadsInProgress()).includes(`archives/${jobId}.zip`) ? true : null,
  );
  await replica.kill();
  return { jobId, progress };
}

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
  bus = await EventBus.connect(platform.nats.url, 'download-test');
  bus.nc.subscribe(Requests.GuestAdmission, {
    callback: (_error, message) => {
      message.respond(JSON.stringify(answerGuestAdmission(message.json())));
    },
  });
  await bus.nc.flush();
  responders.push(
    bus.nc.subscribe(Requests.GalleryPhotos, {
      callback: (_error, message) => {
        message.respond(JSON.stringify(answerGalleryPhotos(message.json())));
      },
    }),
    bus.nc.subscribe(Requests.GuestCopy, {
      callback: (_error, message) => {
        void answerGuestCopy(message.json()).then((reply) => message.respond(JSON.stringify(reply)));
      },
    }),
    bus.nc.subscribe(Requests.DownloadPermission, {
      callback: (_error, message) => {
        message.respond(JSON.stringify(answerPermission(message.json())));
      },
    }),
  );
  app = await createApp(
    new DownloadConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: (databaseUrl = await platform.postgres.createDatabase()),
      natsUrl: platform.nats.url,
      storage,
      // Tests sweep themselves.
      sweepIntervalMs: 24 * 60 * 60 * 1000,
      staleBuildMs: 24 * 60 * 60 * 1000,
    }),
    { logger: ['error'] },
  );
  db = app.get(DataSource);
  tmp = await mkdtemp(path.join(os.tmpdir(), 'download-test-'));
});

afterAll(async () => {
  await app?.close();
  for (const responder of responders) responder.unsubscribe();
  await bus?.close();
  s3?.destroy();
  await platform?.stop();
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('download service', () => {
  it('is healthy when its database, NATS and storage answer', async () => {
    const response = await request(app!.getHttpServer()).get('/health');
    expect(response.status).toBe(200);
  });

  it('zips every original byte for byte, with browsable names, progress in order and a resumable link', async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    const first = await addPhoto(code, 'IMG_0001.jpg', { createdAt: '2026-06-13T18:04:05.000Z' });
    const twin = await addPhoto(code, 'IMG_0001.jpg', { createdAt: '2026-06-13T18:04:05.000Z' });
    const other = await addPhoto(code, 'Anna: best/of.jpg', { createdAt: '2026-06-13T19:00:00.000Z' });
    const video = await addPhoto(code, 'first dance.mp4', {
      kind: 'video',
      createdAt: '2026-06-13T21:30:00.000Z',
    });
    const big = await addPhoto(code, 'big.jpg', {
      size: 12 * 1024 * 1024,
      createdAt: '2026-06-13T22:00:00.000Z',
    });
    const progress = followProgress(code);

    const answer = await requestArchive(code);
    expect(answer.errors).toBeUndefined();
    const jobId = answer.data!.requestArchive.id!;
    await progress.until('complete');
    const job = await finished(code, jobId);
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 5 });

    const stages = progress.stages().filter((stage, index, all) => stage !== all[index - 1]);
    expect(stages).toEqual(['downloading', 'adding', 'creating', 'finalizing', 'complete']);
    expect(progress.seen.at(-1)).toMatchObject({ count: 5, total: 5, jobId });
    // The link is never broadcast.
    expect(JSON.stringify(progress.seen)).not.toContain('archives/');
    progress.stop();

    const response = await fetch(job.downloadUrl!);
    expect(response.status).toBe(200);
    // The link fixes the answer's type in its signature: changed, storage refuses it.
    expect(new URL(job.downloadUrl!).searchParams.get('response-content-type')).toBe('application/zip');
    expect(response.headers.get('content-type')).toBe('application/zip');
    const retyped = new URL(job.downloadUrl!);
    retyped.searchParams.set('response-content-type', 'text/html');
    expect((await fetch(retyped)).status).toBe(403);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="Sarah & Mike - photos.zip"; filename*=UTF-8''Sarah%20%26%20Mike%20-%20photos.zip`,
    );
    const zip = Buffer.from(await response.arrayBuffer());
    expect(zip.length).toBe(job.size);
    const file = path.join(tmp, 'gallery.zip');
    await writeFile(file, zip);
    const test = await run('unzip', ['-t', file]);
    expect(test.stdout).toContain('No errors detected');

    const expected: [string, Buffer][] = [
      ['Sarah & Mike/2026-06-13 18.04.05 IMG_0001.jpg', first.bytes],
      ['Sarah & Mike/2026-06-13 18.04.05 IMG_0001 (2).jpg', twin.bytes],
      ['Sarah & Mike/2026-06-13 19.00.00 Anna_ best_of.jpg', other.bytes],
      ['Sarah & Mike/Videos/2026-06-13 21.30.00 first dance.mp4', video.bytes],
      ['Sarah & Mike/2026-06-13 22.00.00 big.jpg', big.bytes],
    ];
    const listing = await run('zipinfo', ['-1', file]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, bytes] of expected) {
      // unzip reads its name arguments as wildcards: escape the brackets-free names' special characters.
      const { stdout } = await run('unzip', ['-p', file, name.replace(/[[\]*?]/g, '\\$&')], {
        encoding: 'buffer',
        maxBuffer: 64 * 1024 * 1024,
      });
      expect(sha(stdout)).toBe(sha(bytes));
    }

    // A dropped download resumes: storage answers a range of the zip.
    const tail = await fetch(job.downloadUrl!, { headers: { Range: `bytes=${zip.length - 100}-` } });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer())).toEqual(zip.subarray(zip.length - 100));
  });

  it('names photos after their guest and groups them by guest when the owner asks, a zip of its own', async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    const at = '2026-06-13T18:04:05.000Z';
    const anna = await addPhoto(code, 'IMG_0001.jpg', { createdAt: at, guestName: 'Anna' });
    const anna2 = await addPhoto(code, 'IMG_0002.jpg', { createdAt: at, guestName: 'Anna' });
    const tom = await addPhoto(code, 'IMG_0003.jpg', { createdAt: at, guestName: 'Tom B.' });
    const nobody = await addPhoto(code, 'IMG_0004.jpg', { createdAt: at });
    const clip = await addPhoto(code, 'dance.mp4', { createdAt: at, kind: 'video', guestName: 'Tom B.' });

    const byDate = await requestArchive(code, owner(code), undefined, 'BY_DATE');
    const byDateJob = await finished(code, byDate.data!.requestArchive.id!);
    const byGuest = await requestArchive(code, owner(code), undefined, 'BY_GUEST');
    expect(byGuest.errors).toBeUndefined();
    const jobId = byGuest.data!.requestArchive.id!;
    // Another layout is another zip; the same layout again reuses its own.
    expect(jobId).not.toBe(byDateJob.id);
    const job = await finished(code, jobId);
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 5 });
    expect((await requestArchive(code, owner(code), undefined, 'BY_GUEST')).data!.requestArchive.id).toBe(
      jobId,
    );
    expect((await requestArchive(code)).data!.requestArchive.id).toBe(byDateJob.id);

    const file = path.join(tmp, 'by-guest.zip');
    await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const expected: [string, Buffer][] = [
      ['Sarah & Mike/Anna/2026-06-13 18.04.05 Anna.jpg', anna.bytes],
      ['Sarah & Mike/Anna/2026-06-13 18.04.05 Anna (2).jpg', anna2.bytes],
      ['Sarah & Mike/Tom B/2026-06-13 18.04.05 Tom B.jpg', tom.bytes],
      ['Sarah & Mike/Tom B/Videos/2026-06-13 18.04.05 Tom B.mp4', clip.bytes],
      ['Sarah & Mike/Guests without a name/2026-06-13 18.04.05 IMG_0004.jpg', nobody.bytes],
    ];
    const listing = await run('zipinfo', ['-1', file]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, bytes] of expected) {
      const { stdout } = await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 1 << 24 });
      expect(sha(stdout)).toBe(sha(bytes));
    }
  });

  it('makes a folder per photo challenge when the owner asks, made anew when the challenges change', async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    const at = '2026-06-13T18:04:05.000Z';
    const selfie = await addPhoto(code, 'IMG_0001.jpg', {
      createdAt: at,
      challengePrompt: 'A selfie with the bride',
    });
    const odd = await addPhoto(code, 'IMG_0002.jpg', {
      createdAt: at,
      challengePrompt: 'Shoes: "red" / blue?',
    });
    const none = await addPhoto(code, 'IMG_0003.jpg', { createdAt: at, guestName: 'Anna' });

    const asked = await requestArchive(code, owner(code), undefined, 'BY_CHALLENGE');
    expect(asked.errors).toBeUndefined();
    const job = await finished(code, asked.data!.requestArchive.id!);
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 3 });
    const file = path.join(tmp, 'by-challenge.zip');
    await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
    const expected: [string, Buffer][] = [
      ['Sarah & Mike/A selfie with the bride/2026-06-13 18.04.05 IMG_0001.jpg', selfie.bytes],
      // A prompt's characters no file system takes become underscores; it stays one folder.
      ['Sarah & Mike/Shoes_ _red_ _ blue_/2026-06-13 18.04.05 IMG_0002.jpg', odd.bytes],
      [`Sarah & Mike/${NO_CHALLENGE_FOLDER}/2026-06-13 18.04.05 Anna.jpg`, none.bytes],
    ];
    const listing = await run('zipinfo', ['-1', file]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual(expected.map(([name]) => name).sort());
    for (const [name, bytes] of expected) {
      const { stdout } = await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 1 << 24 });
      expect(sha(stdout)).toBe(sha(bytes));
    }

    // A renamed challenge renames its folder: event.challenges-changed makes the next request build anew.
    await bus!.publish({
      id: randomUUID(),
      type: Subjects.ChallengesChanged,
      occurredAt: new Date().toISOString(),
      data: { code, challenges: [{ id: randomUUID(), prompt: 'Selfies' }] },
    });
    await waitFor('the gallery version to change', async () => {
      const rows: { version: number }[] = await db.query(
        'SELECT version FROM gallery_versions WHERE event_code = $1',
        [code],
      );
      return rows[0]?.version > 0;
    });
    const again = await requestArchive(code, owner(code), undefined, 'BY_CHALLENGE');
    expect(again.data!.requestArchive.id).not.toBe(job.id);
  });

  it('adds a JPEG copy beside each HEIC original when the owner asks, in a zip of its own', async () => {
    const code = newGallery({ name: 'Sarah & Mike', guestDownloads: true });
    const at = '2026-06-13T18:04:05.000Z';
    const heic = await addPhoto(code, 'IMG_0007.HEIC', {
      createdAt: at,
      guestName: 'Anna',
      bytes: await readFile(HEIC_FIXTURE),
      contentType: 'image/heic',
    });
    const jpeg = await addPhoto(code, 'IMG_0008.jpg', { createdAt: at, guestName: 'Tom' });

    const plain = await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    const progress = followProgress(code);
    const asked = await requestJpegCopies(code);
    expect(asked.errors).toBeUndefined();
    const job = await finished(code, asked.data!.requestArchive.id!);
    progress.stop();
    expect(job.id).not.toBe(plain.id);
    // Every photo of the gallery is counted, a copy is not a photo of its own.
    expect(job).toMatchObject({ status: 'COMPLETE', photoCount: 2 });
    expect(progress.seen.filter((step) => step.stage === 'adding').map((step) => step.total)).toContain(2);
    // A guest's zip never has JPEG copies: the guest asking for them gets a guest's zip (guests' copies).
    const guests = await finished(code, (await requestJpegCopies(code, null)).data!.requestArchive.id!);
    expect([plain.id, job.id]).not.toContain(guests.id);
    expect(guests.photoCount).toBe(2);

    const file = path.join(tmp, 'jpeg-copies.zip');
    await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
    expect((await run('unzip', ['-t', file])).stdout).toContain('No errors detected');
    const listing = await run('zipinfo', ['-1', file]);
    expect(listing.stdout.trim().split('\n').sort()).toEqual(
      [
        'Sarah & Mike/2026-06-13 18.04.05 Anna.HEIC',
        'Sarah & Mike/2026-06-13 18.04.05 Anna.jpg',
        'Sarah & Mike/2026-06-13 18.04.05 Tom.jpg',
      ].sort(),
    );
    const original = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 Anna.HEIC'], {
      encoding: 'buffer',
      maxBuffer: 1 << 24,
    });
    expect(sha(original.stdout)).toBe(sha(heic.bytes));
    const copy = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 Anna.jpg'], {
      encoding: 'buffer',
      maxBuffer: 1 << 24,
    });
    expect(await sharp(copy.stdout).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 320 });
    const tom = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 Tom.jpg'], {
      encoding: 'buffer',
      maxBuffer: 1 << 24,
    });
    expect(sha(tom.stdout)).toBe(sha(jpeg.bytes));
  });

  it("gives a guest's zip the guests' copies and the couple's the untouched originals", async () => {
    const code = newGallery({ name: 'Sarah & Mike', guestDownloads: true });
    const at = '2026-06-13T18:04:05.000Z';
    const anna = await addPhoto(code, 'IMG_0001.jpg', { createdAt: at, guestName: 'Anna' });
    // Its guests' copy is not made yet: it stays out of a guest's zip.
    await addPhoto(code, 'IMG_0002.jpg', { createdAt: at, guestName: 'Tom', guestCopy: false });
    const download = async (job: Job, name: string) => {
      const file = path.join(tmp, name);
      await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
      const entry = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 Anna.jpg'], {
        encoding: 'buffer',
        maxBuffer: 1 << 24,
      });
      return { entries: (await run('zipinfo', ['-1', file])).stdout.trim().split('\n'), anna: entry.stdout };
    };

    const couples = await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    const guests = await finished(code, (await requestArchive(code, null)).data!.requestArchive.id!);
    expect(guests.id).not.toBe(couples.id);
    expect(couples.photoCount).toBe(2);
    expect(guests.photoCount).toBe(1);

    const couple = await download(couples, 'couple.zip');
    expect(couple.entries).toHaveLength(2);
    expect(sha(couple.anna)).toBe(sha(anna.bytes));
    const guest = await download(guests, 'guest.zip');
    expect(guest.entries).toEqual(['Sarah & Mike/2026-06-13 18.04.05 Anna.jpg']);
    expect(sha(guest.anna)).toBe(sha(anna.guestBytes));
    // Each is reused for its own kind of requester.
    expect((await requestArchive(code, null)).data!.requestArchive.id).toBe(guests.id);
    expect((await requestArchive(code)).data!.requestArchive.id).toBe(couples.id);
  });

  it("asks media for guests' copies still to be made, and leaves out a photo that has none", async () => {
    const code = newGallery({ name: 'Sarah & Mike', guestDownloads: true });
    const made = await addPhoto(code, 'IMG_0001.jpg', { createdAt: '2026-06-13T18:04:01.000Z' });
    const whenAsked = await addPhoto(code, 'IMG_0002.jpg', {
      createdAt: '2026-06-13T18:04:02.000Z',
      guestCopy: 'when-asked',
    });
    const fails = await addPhoto(code, 'IMG_0003.jpg', {
      createdAt: '2026-06-13T18:04:03.000Z',
      guestCopy: 'fails-when-asked',
    });
    await addPhoto(code, 'IMG_0004.jpg', { createdAt: '2026-06-13T18:04:04.000Z', guestCopy: false });
    const asked = () => guestCopyQuestions.filter((question) => question.code === code).map((q) => q.photoId);

    const guests = await finished(code, (await requestArchive(code, null)).data!.requestArchive.id!);
    expect(guests.photoCount).toBe(2);
    const file = path.join(tmp, 'guest-copies-when-asked.zip');
    await writeFile(file, Buffer.from(await (await fetch(guests.downloadUrl!)).arrayBuffer()));
    expect((await run('zipinfo', ['-1', file])).stdout.trim().split('\n')).toEqual([
      'Sarah & Mike/2026-06-13 18.04.01 IMG_0001.jpg',
      'Sarah & Mike/2026-06-13 18.04.02 IMG_0002.jpg',
    ]);
    const entry = async (name: string) =>
      (await run('unzip', ['-p', file, `Sarah & Mike/${name}`], { encoding: 'buffer', maxBuffer: 1 << 24 }))
        .stdout;
    expect(sha(await entry('2026-06-13 18.04.01 IMG_0001.jpg'))).toBe(sha(made.guestBytes));
    expect(sha(await entry('2026-06-13 18.04.02 IMG_0002.jpg'))).toBe(sha(whenAsked.guestBytes));
    // Only the copies still to be made were asked for.
    expect(asked()).toEqual([whenAsked.id, fails.id]);

    // The couple's zip holds the untouched originals: media is not asked.
    const couples = await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    expect(couples.photoCount).toBe(4);
    expect(asked()).toHaveLength(2);
  });

  it("asks media again for a guests' copy whose answer was lost, rather than fail the zip", async () => {
    const code = newGallery({ name: 'Sarah & Mike', guestDownloads: true });
    const photo = await addPhoto(code, 'IMG_0001.jpg', { guestCopy: 'when-asked-again' });
    const asked = () => guestCopyQuestions.filter((question) => question.code === code).map((q) => q.photoId);

    const guests = await finished(code, (await requestArchive(code, null)).data!.requestArchive.id!);
    expect(guests).toMatchObject({ status: 'COMPLETE', photoCount: 1 });
    expect(asked()).toEqual([photo.id, photo.id]);
  });

  it("gives the couple's zip the guests' copies, without GPS, when they chose downloads without metadata", async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    // A phone's JPEG with where it was taken, and its guests' copy as media makes it (metadata removed).
    const original = path.join(tmp, 'gps.jpg');
    await writeFile(
      original,
      await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c08040' } })
        .jpeg()
        .toBuffer(),
    );
    await run('exiftool', [
      ...['-q', '-overwrite_original', '-GPSLatitude=48.8584', '-GPSLatitudeRef=N'],
      ...['-GPSLongitude=2.2945', '-GPSLongitudeRef=E', original],
    ]);
    const stripped = path.join(tmp, 'gps-stripped.jpg');
    await run('exiftool', ['-q', '-all=', '-o', stripped, original]);
    const photo = await addPhoto(code, 'IMG_0001.jpg', {
      createdAt: '2026-06-13T18:04:05.000Z',
      bytes: await readFile(original),
      guestBytes: await readFile(stripped),
    });
    const gpsIn = async (job: Job, name: string) => {
      const file = path.join(tmp, name);
      await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
      const entry = path.join(tmp, `${name}.jpg`);
      const { stdout } = await run('unzip', ['-p', file, 'Sarah & Mike/2026-06-13 18.04.05 IMG_0001.jpg'], {
        encoding: 'buffer',
        maxBuffer: 1 << 24,
      });
      await writeFile(entry, stdout);
      const [tags] = JSON.parse((await run('exiftool', ['-j', '-G', '-n', entry])).stdout) as Record<
        string,
        unknown
      >[];
      return { bytes: stdout, gps: Object.keys(tags).filter((tag) => /GPS/.test(tag)) };
    };
    const choose = async (keep: boolean) => {
      await bus!.publish({
        id: randomUUID(),
        type: Subjects.PrivacyChanged,
        occurredAt: new Date().toISOString(),
        data: {
          code,
          visibility: 'everyone',
          revealAt: null,
          uploadsOpenAt: null,
          uploadsCloseAt: null,
          guestOriginals: true,
          ownerDownloadsKeepMetadata: keep,
        },
      });
      await waitFor(`the choice ${keep} kept`, async () => {
        const rows = (await db.query(
          'SELECT keep_metadata FROM owner_download_choices WHERE event_code = $1',
          [code],
        )) as { keep_metadata: boolean }[];
        return rows[0]?.keep_metadata === keep;
      });
    };

    // By default the couple's zip holds the untouched original, GPS and all.
    const kept = await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    const withGps = await gpsIn(kept, 'kept.zip');
    expect(sha(withGps.bytes)).toBe(sha(photo.bytes));
    expect(withGps.gps).toEqual(expect.arrayContaining(['EXIF:GPSLatitude', 'EXIF:GPSLongitude']));

    await choose(false);
    const asked = await requestArchive(code);
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.requestArchive.id).not.toBe(kept.id);
    const strippedJob = await finished(code, asked.data!.requestArchive.id!);
    const withoutGps = await gpsIn(strippedJob, 'stripped.zip');
    expect(sha(withoutGps.bytes)).toBe(sha(photo.guestBytes));
    expect(withoutGps.gps).toEqual([]);

    // Turned back on: the zip of originals again.
    await choose(true);
    expect((await requestArchive(code)).data!.requestArchive.id).toBe(kept.id);
  });

  it('puts the guestbook in the zip as a readable page, markup as text, and drops a removed message', async () => {
    const code = newGallery({ name: 'Sarah & Mike' });
    await addPhoto(code, 'IMG_0001.jpg');
    const leave = async (text: string, guestName: string | null) => {
      const id = randomUUID();
      await bus!.publish({
        id: randomUUID(),
        type: Subjects.GuestbookMessagePosted,
        occurredAt: new Date().toISOString(),
        data: { message: { id, eventCode: code, text, guestName, createdAt: new Date().toISOString() } },
      });
      return id;
    };
    await leave('Congratulations!\nSee you in Lyon <script>alert(1)</script>', 'Anna');
    const removed = await leave('A message the couple removes', null);
    await bus!.publish({
      id: randomUUID(),
      type: Subjects.GuestbookMessageRemoved,
      occurredAt: new Date().toISOString(),
      data: { id: removed, eventCode: code },
    });
    await waitFor('the messages kept', async () => {
      const rows = (await db.query('SELECT id FROM guestbook_messages WHERE event_code = $1', [
        code,
      ])) as unknown[];
      const versions = (await db.query('SELECT 1 FROM gallery_versions WHERE event_code = $1', [
        code,
      ])) as unknown[];
      return rows.length === 1 && versions.length > 0;
    });

    const jobId = (await requestArchive(code)).data!.requestArchive.id!;
    const job = await finished(code, jobId);
    const file = path.join(tmp, 'guestbook.zip');
    await writeFile(file, Buffer.from(await (await fetch(job.downloadUrl!)).arrayBuffer()));
    const listing = (await run('zipinfo', ['-1', file])).stdout.trim().split('\n');
    expect(listing).toContain('Sarah & Mike/Guestbook.html');
    const page = (await run('unzip', ['-p', file, 'Sarah & Mike/Guestbook.html'])).stdout.toString();
    expect(page).toContain('See you in Lyon &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).not.toContain('<script>');
    expect(page).toContain('— Anna');
    expect(page).not.toContain('A message the couple removes');

    // A message hidden while it waited for approval was never published: its removal leaves the zip as built.
    const versionOf = async () =>
      (
        (await db.query('SELECT version FROM gallery_versions WHERE event_code = $1', [code])) as {
          version: number;
        }[]
      )[0].version;
    const before = await versionOf();
    await bus!.publish({
      id: randomUUID(),
      type: Subjects.GuestbookMessageRemoved,
      occurredAt: new Date().toISOString(),
      data: { id: randomUUID(), eventCode: code },
    });
    // One consumer, in order: once a later message is kept, the removal was handled.
    const later = await leave('Later', null);
    await waitFor('the later message kept', async () => {
      const rows = (await db.query('SELECT 1 FROM guestbook_messages WHERE id = $1', [later])) as unknown[];
      return rows.length > 0;
    });
    expect(await versionOf()).toBe(before + 1);
  });

  it('answers "No photos found" at once for an empty gallery and builds nothing', async () => {
    const code = newGallery();
    const answer = await requestArchive(code);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.requestArchive).toMatchObject({ id: null, status: 'EMPTY', photoCount: 0 });
    const rows: unknown[] = await db.query('SELECT 1 FROM archive_jobs WHERE event_code = $1', [code]);
    expect(rows).toEqual([]);
  });

  it('shares one build between requests at once and reuses the zip until a photo is added', async () => {
    const code = newGallery();
    for (let i = 0; i < 20; i++) await addPhoto(code, `p${i}.jpg`);
    const answers = await Promise.all([requestArchive(code), requestArchive(code), requestArchive(code)]);
    const ids = new Set(answers.map((answer) => answer.data!.requestArchive.id));
    expect(ids.size).toBe(1);
    const [jobId] = [...ids] as string[];
    await finished(code, jobId);

    const again = await requestArchive(code);
    expect(again.data!.requestArchive).toMatchObject({ id: jobId, status: 'COMPLETE', photoCount: 20 });
    expect(again.data!.requestArchive.downloadUrl).toBeTruthy();

    // A new photo: photo.uploaded reaches the service, the next request builds a new zip with it.
    const photo = await addPhoto(code, 'late.jpg', { createdAt: new Date().toISOString() });
    const event: DomainEvent<typeof Subjects.PhotoUploaded> = {
      id: randomUUID(),
      type: Subjects.PhotoUploaded,
      occurredAt: new Date().toISOString(),
      data: {
        photo: {
          id: photo.id,
          eventCode: code,
          thumbnailUrl: 'http://localhost:5000/t',
          previewUrl: 'http://localhost:5000/p',
          originalUrl: 'http://localhost:5000/o',
          width: 4,
          height: 3,
          createdAt: photo.createdAt,
          kind: 'photo',
          durationSeconds: null,
          guestName: null,
          challengeId: null,
          uploaderId: null,
        },
        photoCount: 21,
      },
    };
    await bus!.publish(event);
    await waitFor('the gallery version to change', async () => {
      const rows: { version: number }[] = await db.query(
        'SELECT version FROM gallery_versions WHERE event_code = $1',
        [code],
      );
      return rows[0]?.version > 0;
    });
    const fresh = await requestArchive(code);
    expect(fresh.data!.requestArchive.id).not.toBe(jobId);
    const rebuilt = await finished(code, fresh.data!.requestArchive.id!);
    expect(rebuilt).toMatchObject({ status: 'COMPLETE', photoCount: 21 });

    // The stale zip is deleted by the sweep.
    await app!.get(ArchiveSweeper).sweep();
    expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
    expect(await archiveKeys()).toContain(`archives/${rebuilt.id}.zip`);
  });

  // The couple's approval changes which photos a zip holds: both decisions make the gallery's zips stale.
  it.each([
    [
      Subjects.PhotoApproved,
      (code: string) => ({
        photo: {
          id: randomUUID(),
          eventCode: code,
          thumbnailUrl: 'http://localhost:5000/t',
          previewUrl: 'http://localhost:5000/p',
          originalUrl: 'http://localhost:5000/o',
          width: 4,
          height: 3,
          createdAt: new Date().toISOString(),
          kind: 'photo',
          durationSeconds: null,
          guestName: null,
          challengeId: null,
        },
        photoCount: 1,
      }),
    ],
    [
      Subjects.PhotoHidden,
      (code: string) => ({ photoId: randomUUID(), eventCode: code, challengeId: null, photoCount: 0 }),
    ],
  ] as const)('marks the zips stale on %s', async (type, data) => {
    const code = galleryCodeFromBytes(randomBytes(8));
    await bus!.publish({
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      data: data(code),
    } as DomainEvent);
    await waitFor('the gallery version to change', async () => {
      const rows: { version: number }[] = await db.query(
        'SELECT version FROM gallery_versions WHERE event_code = $1',
        [code],
      );
      return rows[0]?.version > 0;
    });
  });

  it('fails a build whose storage read fails midway, says so, and leaves no partial zip', async () => {
    const code = newGallery();
    for (let i = 0; i < 3; i++) await addPhoto(code, `ok${i}.jpg`, { size: 3 * 1024 * 1024 });
    await addPhoto(code, 'gone.jpg', { stored: false });
    await addPhoto(code, 'after.jpg');
    const progress = followProgress(code);
    const answer = await requestArchive(code);
    const jobId = answer.data!.requestArchive.id!;
    await progress.until('failed');
    progress.stop();
    const job = await finished(code, jobId);
    expect(job).toMatchObject({ status: 'FAILED', downloadUrl: null });
    expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
    expect(await uploadsInProgress()).not.toContain(`archives/${jobId}.zip`);
    // A failed build does not block the next request: it starts a new one.
    const retry = await requestArchive(code);
    expect(retry.data!.requestArchive.id).not.toBe(jobId);
    await finished(code, retry.data!.requestArchive.id!);
  });

  it('lets the owner download and refuses guests until the owner allows it', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    expect((await requestArchive(code, null)).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    expect((await requestArchive(code, 'Bearer not-the-owner')).errors?.[0].extensions?.code).toBe(
      'FORBIDDEN',
    );
    // Another gallery's owner is a stranger here.
    expect((await requestArchive(code, owner(newGallery()))).errors?.[0].extensions?.code).toBe('FORBIDDEN');
    galleries.get(code)!.guestDownloads = true;
    const guest = await requestArchive(code, null);
    expect(guest.errors).toBeUndefined();
    await finished(code, guest.data!.requestArchive.id!);
    expect((await requestArchive(newCode())).errors?.[0].extensions?.code).toBe('GALLERY_NOT_FOUND');
  });

  // who sees what x caller: a guest's zip would be the whole gallery, so none while guests see only their own.
  it.each([
    ['shared with guests', 'a guest', 'a zip', true],
    ['not shared (a drop box, a reveal to come)', 'a guest', 'DOWNLOAD_ALL_PRIVATE', false],
    ['not shared (a drop box, a reveal to come)', 'the couple', 'a zip', false],
  ] as const)(
    'with photos %s, %s asking for Download All gets %s',
    async (_what, caller, outcome, shared) => {
      const code = newGallery();
      await addPhoto(code, 'a.jpg');
      Object.assign(galleries.get(code)!, { guestDownloads: true, photosShared: shared });
      const answer = await requestArchive(code, caller === 'the couple' ? owner(code) : null);
      if (outcome === 'a zip') {
        expect(answer.errors).toBeUndefined();
        await finished(code, answer.data!.requestArchive.id!);
      } else {
        expect(answer.errors?.[0].extensions?.code).toBe(outcome);
        expect(answer.errors?.[0].message).toBe(en.errors[outcome]);
      }
    },
  );

  it('refuses a guest of a gallery with a PIN Download All and its job without the pass, and serves them with it', async () => {
    const pass = `p1.${'A'.repeat(43)}`;
    const code = newGallery({ guestDownloads: true, pinPasses: [pass] });
    newGallery({ guestDownloads: true, pinPasses: [`p1.${'B'.repeat(43)}`] });
    await addPhoto(code, 'a.jpg');
    const ask = (given?: string) =>
      graphql<{ requestArchive: Job }>(
        `mutation ($code: String!) { requestArchive(eventCode: $code) { ${JOB_FIELDS} } }`,
        { code },
        undefined,
        undefined,
        given,
      );

    expect((await ask()).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
    expect((await ask()).errors?.[0].message).toBe(en.errors.PIN_REQUIRED);
    expect((await ask(`p1.${'B'.repeat(43)}`)).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
    const admitted = await ask(pass);
    expect(admitted.errors).toBeUndefined();
    const jobId = admitted.data!.requestArchive.id!;
    const job = (given?: string) =>
      graphql(
        `
          query ($code: String!, $id: ID!) {
            archiveJob(eventCode: $code, jobId: $id) {
              id
            }
          }
        `,
        { code, id: jobId },
        undefined,
        undefined,
        given,
      );
    expect((await job()).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
    expect((await job(pass)).data).toEqual({ archiveJob: { id: jobId } });
    // The couple needs no pass.
    expect((await requestArchive(code)).errors).toBeUndefined();
    await finished(code, jobId);
  });

  it("asks events about a gallery's PIN only when what it knows does not settle it", async () => {
    const questionsAbout = (code: string) => admissionQuestions.filter((asked) => asked.code === code);
    const guestAsks = (code: string, given?: string) =>
      graphql<{ requestArchive: Job }>(
        `
          mutation ($code: String!) {
            requestArchive(eventCode: $code) {
              id
            }
          }
        `,
        { code },
        undefined,
        undefined,
        given,
      );
    const pinVersionKept = (code: string, version: number) =>
      waitFor(`PIN version ${version} kept`, async () => {
        const rows = (await db.query('SELECT version FROM gallery_pins WHERE code = $1', [code])) as {
          version: number;
        }[];
        return rows[0]?.version === version;
      });
    // A new gallery (event.created) has no PIN: its guests are let in without a question.
    const open = newGallery({ guestDownloads: true });
    await addPhoto(open, 'a.jpg');
    const now = new Date();
    await bus!.publish({
      id: randomUUID(),
      type: Subjects.EventCreated,
      occurredAt: now.toISOString(),
      data: {
        code: open,
        name: 'Open',
        plan: 'free',
        createdAt: now.toISOString(),
        expiresAt: new Date(now.getTime() + 7 * 86_400_000).toISOString(),
      },
    });
    await pinVersionKept(open, 0);
    for (let request = 0; request < 3; request++) expect((await guestAsks(open)).errors).toBeUndefined();
    expect(questionsAbout(open)).toHaveLength(0);
    // A gallery download has not heard of (created before it kept PIN states): asked once, then known.
    const unknown = newGallery({ guestDownloads: true });
    await addPhoto(unknown, 'a.jpg');
    for (let request = 0; request < 3; request++) expect((await guestAsks(unknown)).errors).toBeUndefined();
    expect(questionsAbout(unknown)).toHaveLength(1);

    // A PIN set later: event.privacy-changed tells download, which then asks about each pass once.
    const pass = `p1.${'C'.repeat(43)}`;
    const pinned = newGallery({ guestDownloads: true });
    await addPhoto(pinned, 'a.jpg');
    const publishPin = async (version: number, passes: string[]) => {
      Object.assign(galleries.get(pinned)!, { pinPasses: passes, pinVersion: version });
      await bus!.publish({
        id: randomUUID(),
        type: Subjects.PrivacyChanged,
        occurredAt: new Date().toISOString(),
        data: {
          code: pinned,
          visibility: 'everyone',
          revealAt: null,
          uploadsOpenAt: null,
          uploadsCloseAt: null,
          guestOriginals: true,
          pin: { set: true, version },
        },
      });
      await pinVersionKept(pinned, version);
    };
    await publishPin(1, [pass]);
    expect((await guestAsks(pinned)).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
    for (let request = 0; request < 3; request++)
      expect((await guestAsks(pinned, pass)).errors).toBeUndefined();
    expect(questionsAbout(pinned).filter((asked) => asked.pass === pass)).toHaveLength(1);

    // A new PIN ends the old passes: download stops trusting what it remembered under the old version.
    await publishPin(2, [`p1.${'D'.repeat(43)}`]);
    expect((await guestAsks(pinned, pass)).errors?.[0].extensions?.code).toBe('PIN_REQUIRED');
  });

  it('refuses a guest a zip built while photos were shared, once they are not', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    galleries.get(code)!.guestDownloads = true;
    const built = await requestArchive(code, null);
    await finished(code, built.data!.requestArchive.id!);
    galleries.get(code)!.photosShared = false;
    const again = await graphql(
      `
        query ($code: String!, $id: ID!) {
          archiveJob(eventCode: $code, jobId: $id) {
            id
          }
        }
      `,
      { code, id: built.data!.requestArchive.id },
    );
    expect(again.errors?.[0].extensions?.code).toBe('DOWNLOAD_ALL_PRIVATE');
  });

  it("purges a gallery's zips from storage and its rows on event.expired", async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    const jobId = (await requestArchive(code)).data!.requestArchive.id!;
    await finished(code, jobId);
    expect(await archiveKeys()).toContain(`archives/${jobId}.zip`);
    await purgeGallery(code);
    expect(await db.query('SELECT 1 FROM gallery_versions WHERE event_code = $1', [code])).toEqual([]);
    expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
  });

  it('stops a build whose gallery is purged midway and leaves nothing of it: no zip, no upload, no row', async () => {
    const code = newGallery();
    for (let i = 0; i < 150; i++) await addPhoto(code, `p${i}.jpg`, { size: 1024 * 1024 });
    const progress = followProgress(code);
    const jobId = (await requestArchive(code)).data!.requestArchive.id!;
    const key = `archives/${jobId}.zip`;
    // Parts of the zip are in storage when the gallery ends.
    await waitFor('parts of the zip in storage', async () =>
      (await uploadsInProgress()).includes(key) ? true : null,
    );
    await expireGallery(code);
    await progress.until('failed');
    await app!.get(ArchiveBuilder).settled();
    progress.stop();
    // Stopped by the purge, not at the end of its photos.
    expect(progress.stages()).not.toContain('finalizing');
    expect(progress.stages()).not.toContain('complete');
    expect(await db.query('SELECT 1 FROM archive_jobs WHERE event_code = $1', [code])).toEqual([]);
    expect(await archiveKeys()).not.toContain(key);
    expect(await uploadsInProgress()).not.toContain(key);
  }, 60_000);

  it('builds nothing for a request let in just before its gallery was purged', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    await finished(code, (await requestArchive(code)).data!.requestArchive.id!);
    await purgeGallery(code);
    // The stand-ins for media and events still answer for the gallery, as a request that passed its
    // permission check a moment before the gallery ended did.
    const answer = await requestArchive(code);
    expect(answer.errors?.[0].extensions?.code).toBe('GALLERY_NOT_FOUND');
    await app!.get(ArchiveBuilder).settled();
    expect(await db.query('SELECT 1 FROM archive_jobs WHERE event_code = $1', [code])).toEqual([]);
    // What remembers the purge names no gallery, and is forgotten after PURGED_RECORD_MS.
    expect(await databaseMentions(databaseUrl, code)).toEqual([]);
    const remembered = `SELECT 1 FROM purged_galleries WHERE code_hash = sha256(convert_to($1, 'UTF8'))`;
    expect(await db.query(remembered, [code])).toHaveLength(1);
    await db.query(
      `UPDATE purged_galleries SET purged_at = now() - make_interval(secs => $2)
        WHERE code_hash = sha256(convert_to($1, 'UTF8'))`,
      [code, PURGED_RECORD_MS / 1000 + 1],
    );
    await app!.get(ArchiveSweeper).sweep();
    expect(await db.query(remembered, [code])).toEqual([]);
  });

  it('answers RATE_LIMITED past GUEST_RATE_LIMITS.archiveRequests of one caller at a gallery, only that caller', async () => {
    const code = newGallery();
    const client = randomUUID();
    for (let i = 0; i < GUEST_RATE_LIMITS.archiveRequests.perGuest.points; i++) {
      expect((await requestArchive(code, owner(code), client)).errors).toBeUndefined();
    }
    expect((await requestArchive(code, owner(code), client)).errors?.[0].extensions?.code).toBe(
      'RATE_LIMITED',
    );
    expect((await requestArchive(code)).errors).toBeUndefined();
  });

  it('links a zip for ARCHIVE_URL_SECONDS and deletes it ARCHIVE_RETENTION_DAYS after it was built', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    const jobId = (await requestArchive(code)).data!.requestArchive.id!;
    const job = await finished(code, jobId);
    expect(new URL(job.downloadUrl!).searchParams.get('X-Amz-Expires')).toBe(String(ARCHIVE_URL_SECONDS));
    const [row] = await db.query(
      `SELECT expires_at - finished_at = make_interval(days => $2) AS kept FROM archive_jobs WHERE id = $1`,
      [jobId, ARCHIVE_RETENTION_DAYS],
    );
    expect(row.kept).toBe(true);

    // Its time is up: the sweep deletes it, and it is no longer offered.
    await db.query(`UPDATE archive_jobs SET expires_at = now() - interval '1 second' WHERE id = $1`, [jobId]);
    await app!.get(ArchiveSweeper).sweep();
    expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
    expect(await archiveJob(code, jobId)).toMatchObject({ downloadUrl: null });
    const next = await requestArchive(code);
    expect(next.data!.requestArchive.id).not.toBe(jobId);
    await finished(code, next.data!.requestArchive.id!);
  });

  it('fails a build whose process was killed midway once its heartbeat is old, aborts its upload, and builds anew', async () => {
    const code = newGallery();
    for (let i = 0; i < 100; i++) await addPhoto(code, `p${i}.jpg`, { size: 1024 * 1024 });
    const replica = await startReplica(await findFreePort());
    try {
      const { jobId, progress } = await buildKilledMidway(replica, code);
      progress.stop();
      expect(progress.stages()).not.toContain('complete');
      expect(await archiveJob(code, jobId)).toMatchObject({ status: 'BUILDING' });

      // Its heartbeat grows old (this app allows a day of silence): the sweep, at boot then periodically, fails it.
      // (It has no lease, as a build from before leases: only its heartbeat tells.)
      await db.query(
        `UPDATE archive_jobs SET heartbeat_at = now() - interval '2 days', builder = NULL WHERE id = $1`,
        [jobId],
      );
      await app!.get(ArchiveSweeper).sweep();
      expect(await archiveJob(code, jobId)).toMatchObject({ status: 'FAILED', downloadUrl: null });
      expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
      expect(await uploadsInProgress()).not.toContain(`archives/${jobId}.zip`);
      const next = await requestArchive(code);
      expect(next.data!.requestArchive.id).not.toBe(jobId);
      expect(await finished(code, next.data!.requestArchive.id!)).toMatchObject({
        status: 'COMPLETE',
        photoCount: 100,
      });
    } finally {
      replica.kill();
    }
  }, 180_000);

  it('fails at once, when the killed service starts again, the build it left, so a retry builds straight away', async () => {
    const code = newGallery();
    for (let i = 0; i < 60; i++) await addPhoto(code, `p${i}.jpg`, { size: 1024 * 1024 });
    const port = await findFreePort();
    const killed = await startReplica(port);
    let restarted: Replica | undefined;
    try {
      const { jobId, progress } = await buildKilledMidway(killed, code);
      progress.stop();
      expect(await archiveJob(code, jobId)).toMatchObject({ status: 'BUILDING' });

      // The same service started again, its heartbeat allowance (a minute) far from over.
      restarted = await startReplica(port);
      const retry = await restarted.requestArchive(code);
      expect(retry.id).not.toBe(jobId);
      expect(await archiveJob(code, jobId)).toMatchObject({ status: 'FAILED', downloadUrl: null });
      expect(await finished(code, retry.id)).toMatchObject({ status: 'COMPLETE', photoCount: 60 });
      expect(await archiveKeys()).not.toContain(`archives/${jobId}.zip`);
    } finally {
      killed.kill();
      restarted?.kill();
    }
  }, 180_000);

  it('leaves alone a build whose service is alive, however many replicas start', async () => {
    const code = newGallery();
    for (let i = 0; i < 60; i++) await addPhoto(code, `p${i}.jpg`, { size: 1024 * 1024 });
    const building = await startReplica(await findFreePort());
    let other: Replica | undefined;
    try {
      const progress = followProgress(code);
      const { id } = await building.requestArchive(code);
      await waitFor('photos being added', async () =>
        progress.seen.some((step) => step.stage === 'adding' && step.count > 0),
      );
      other = await startReplica(await findFreePort());
      await app!.get(ArchiveSweeper).sweep();
      expect((await other.requestArchive(code)).id).toBe(id);
      expect(await finished(code, id)).toMatchObject({ status: 'COMPLETE', photoCount: 60 });
      progress.stop();
    } finally {
      building.kill();
      other?.kill();
    }
  }, 180_000);

  it('fails a build left by a process that was killed, and deletes what it wrote', async () => {
    const code = newGallery();
    await addPhoto(code, 'a.jpg');
    const id = randomUUID();
    const key = `archives/${id}.zip`;
    await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: key, Body: Buffer.from('PK partial') }));
    await db.query(
      `INSERT INTO archive_jobs (id, event_code, gallery_name, version, status, object_key, heartbeat_at)
       VALUES ($1, $2, 'G', 0, 'building', $3, now() - interval '2 days')`,
      [id, code, key],
    );
    // While it is taken for alive, a request joins it.
    expect((await requestArchive(code)).data!.requestArchive.id).toBe(id);
    await app!.get(ArchiveSweeper).sweep();
    expect(await archiveJob(code, id)).toMatchObject({ status: 'FAILED', downloadUrl: null });
    expect(await archiveKeys()).not.toContain(key);
    const next = await requestArchive(code);
    expect(next.data!.requestArchive.id).not.toBe(id);
    expect(await finished(code, next.data!.requestArchive.id!)).toMatchObject({ status: 'COMPLETE' });
  });
});
