// The download service's test harness, shared by its feature files: the platform, one download app, and stand-ins
// for what media and events answer it (a gallery's photos, guests' copies, download permission, guest admission).
import { execFile, spawn } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, expect } from '@jest/globals';
import {
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  type S3Client,
} from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  archiveProgressSchema,
  archiveProgressSubject,
  downloadPermissionRequestSchema,
  guestAdmissionRequestSchema,
  PIN_PASS_HEADER,
  galleryCodeFromBytes,
  galleryPhotosRequestSchema,
  guestCopyRequestSchema,
  Requests,
  Subjects,
  visiblePhotosRequestSchema,
  type ArchivePhoto,
  type ArchiveProgress,
  type ArchiveStage,
  type DownloadPermissionReply,
  type GuestAdmissionReply,
  type GuestAdmissionRequest,
  type GalleryPhotosReply,
  type GalleryPhotosRequest,
  type GuestCopyReply,
  type GuestCopyRequest,
  type LivePhoto,
} from '@gallery/contracts';
import {
  CLIENT_ADDRESS_HEADER,
  createS3Client,
  EventBus,
  GUEST_IDENTITY_HEADER,
  type NatsSubscription,
} from '@gallery/platform';
import { publishAsRelay, startTestPlatform, type TestPlatform, waitFor } from '@gallery/testing';
import { createApp, DownloadConfig } from '../src/index.js';

export const run = promisify(execFile);
export const BUCKET = 'download-test';

export let platform: TestPlatform | undefined;
export let app: INestApplication | undefined;
export let bus: EventBus | undefined;
export let s3: S3Client | undefined;
export let db: DataSource;
export let databaseUrl: string;
export let tmp: string;
export const responders: NatsSubscription[] = [];

/** What the test's stand-ins for media and events know. */
export interface TestGallery {
  name: string;
  ownerToken: string;
  guestDownloads: boolean;
  /** photosSharedWithGuests as events answers it: false for a drop box or a reveal to come. */
  photosShared?: boolean;
  /** With a PIN: the passes guests got by entering it (GalleryPins); none without one. */
  pinPasses?: string[];
  /** The PIN's version, as events counts changes (0: never set; 1 when not given and there are passes). */
  pinVersion?: number;
  /** What media lets each guest identity see (the gallery's privacy settings, as its view decides); none unless set. */
  visibleTo?: Map<string, Set<string>>;
  photos: (ArchivePhoto & {
    bytes: Buffer;
    guestBytes: Buffer;
    copyFails?: boolean;
    firstAskLost?: boolean;
    /** One of the gallery's Highlights, as media picks them. */
    highlight?: boolean;
  })[];
}
export const galleries = new Map<string, TestGallery>();
/** Every guest admission question download asked events, oldest first. */
export const admissionQuestions: GuestAdmissionRequest[] = [];

export const newCode = () => galleryCodeFromBytes(randomBytes(8));

/** Every GalleryPhotos question download asked media, oldest first. */
export const galleryPhotosQuestions: GalleryPhotosRequest[] = [];

/**
 * Media's answer, paged exactly as the contract says (oldest first, `next` as an opaque index): the photos named
 * when ids are given, the Highlights only when asked for them.
 */
export function answerGalleryPhotos(body: unknown): GalleryPhotosReply {
  const parsed = galleryPhotosRequestSchema.parse(body);
  galleryPhotosQuestions.push(parsed);
  const gallery = galleries.get(parsed.code);
  if (!gallery) return { found: false, photos: [], next: null };
  const chosen = gallery.photos
    .filter(
      (photo) => (!parsed.ids || parsed.ids.includes(photo.id)) && (!parsed.highlights || photo.highlight),
    )
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const start = parsed.after ? Number(parsed.after) : 0;
  const page = chosen.slice(start, start + parsed.limit);
  const end = start + page.length;
  return {
    found: true,
    photos: page.map(
      ({
        bytes: _bytes,
        guestBytes: _guestBytes,
        copyFails: _fails,
        firstAskLost: _lost,
        highlight: _highlight,
        ...photo
      }) => photo,
    ),
    next: end < chosen.length ? String(end) : null,
  };
}

/** Every VisiblePhotos question download asked media, oldest first. */
export const visibilityQuestions: { code: string; ids: string[]; guestIdentity?: string }[] = [];

/** Media's answer: of these photos, those this caller may see (the owner every one; a guest those their view shows). */
export function answerVisiblePhotos(body: unknown): { photos: LivePhoto[] } {
  const parsed = visiblePhotosRequestSchema.parse(body);
  visibilityQuestions.push({ code: parsed.code, ids: parsed.ids, guestIdentity: parsed.guestIdentity });
  const gallery = galleries.get(parsed.code);
  if (!gallery) return { photos: [] };
  const owner = parsed.authorization === `Bearer ${gallery.ownerToken}`;
  const seen = gallery.visibleTo?.get(parsed.guestIdentity ?? '') ?? new Set<string>();
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
        kind: photo.kind,
        durationSeconds: null,
        guestName: photo.guestName,
        challengeId: null,
      })),
  };
}

/** Every guests' copy download asked media for, oldest first. */
export const guestCopyQuestions: GuestCopyRequest[] = [];

/** Media's answer: a copy still to be made is made now (stored under its key), once. */
export async function answerGuestCopy(body: unknown): Promise<GuestCopyReply | Record<string, never>> {
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
export function answerGuestAdmission(body: unknown): GuestAdmissionReply {
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
export function answerPermission(body: unknown): DownloadPermissionReply {
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

export async function addPhoto(
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
    /** One of the gallery's Highlights. */
    highlight?: boolean;
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
    ...(options.highlight ? { highlight: true } : {}),
  };
  galleries.get(code)!.photos.push(photo);
  return photo;
}

/** How many photos addPhotos stores at once. */
const PHOTOS_AT_ONCE = 8;

/**
 * `count` photos of `size` bytes named `p0.jpg`, `p1.jpg`...: their originals stored a few at a time (most of the
 * time goes to storage's answers), in order in the gallery. No guests' copies: the couple's zips hold originals.
 */
export async function addPhotos(code: string, count: number, size: number): Promise<void> {
  for (let start = 0; start < count; start += PHOTOS_AT_ONCE) {
    const names = Array.from(
      { length: Math.min(PHOTOS_AT_ONCE, count - start) },
      (_, i) => `p${start + i}.jpg`,
    );
    const added = await Promise.all(names.map((name) => addPhoto(code, name, { size, guestCopy: false })));
    // In the order of their names, whichever was stored first.
    const photos = galleries.get(code)!.photos;
    photos.splice(photos.length - added.length, added.length, ...added);
  }
}

export function newGallery(values: Partial<TestGallery> = {}): string {
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

export interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}
export interface Job {
  id: string | null;
  status: string;
  photoCount: number;
  size: number | null;
  downloadUrl: string | null;
}
export const JOB_FIELDS = 'id status photoCount size downloadUrl';

/** Who calls, as the gateway forwards it: each call comes from a client address of its own unless told. */
export interface Caller {
  authorization?: string;
  client?: string;
  pass?: string;
  guestIdentity?: string;
}

export async function graphqlAs<T>(query: string, variables: Record<string, unknown>, caller: Caller) {
  const call = request(app!.getHttpServer())
    .post('/graphql')
    .set(CLIENT_ADDRESS_HEADER, caller.client ?? randomUUID());
  if (caller.authorization) call.set('Authorization', caller.authorization);
  if (caller.pass) call.set(PIN_PASS_HEADER, caller.pass);
  if (caller.guestIdentity) call.set(GUEST_IDENTITY_HEADER, caller.guestIdentity);
  const response = await call.send({ query, variables });
  expect(response.status).toBe(200);
  return response.body as GraphQLAnswer<T>;
}

export function graphql<T>(
  query: string,
  variables: Record<string, unknown>,
  authorization?: string,
  client?: string,
  pass?: string,
) {
  return graphqlAs<T>(query, variables, { authorization, client, pass });
}

export const owner = (code: string) => `Bearer ${galleries.get(code)?.ownerToken ?? 'none'}`;

/** A real HEIC photo (480 x 320), made with libheif's heif-enc. */
export const HEIC_FIXTURE = fileURLToPath(new URL('./fixtures/photo-480x320.heic', import.meta.url));

export async function requestJpegCopies(code: string, authorization: string | null = owner(code)) {
  return graphql<{ requestArchive: Job }>(
    `mutation ($code: String!) { requestArchive(eventCode: $code, jpegCopies: true) { ${JOB_FIELDS} } }`,
    { code },
    authorization ?? undefined,
  );
}

export async function requestArchive(
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

export async function archiveJob(code: string, jobId: string): Promise<Job | null> {
  const answer = await graphql<{ archiveJob: Job | null }>(
    `query ($code: String!, $id: ID!) { archiveJob(eventCode: $code, jobId: $id) { ${JOB_FIELDS} } }`,
    { code, id: jobId },
    owner(code),
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.archiveJob;
}

/** Every progress message of the gallery from now on. */
export function followProgress(code: string) {
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

export async function finished(code: string, jobId: string): Promise<Job> {
  return waitFor(`job ${jobId} to finish`, async () => {
    const job = await archiveJob(code, jobId);
    return job && job.status !== 'BUILDING' ? job : null;
  });
}

export async function archiveKeys(): Promise<string[]> {
  const listing = await s3!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: 'archives/' }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

/** The keys of the multipart uploads begun under archives/ and neither completed nor aborted. */
export async function uploadsInProgress(): Promise<string[]> {
  const listing = await s3!.send(new ListMultipartUploadsCommand({ Bucket: BUCKET, Prefix: 'archives/' }));
  return (listing.Uploads ?? []).map((upload) => upload.Key!);
}

export async function expireGallery(code: string) {
  await publishAsRelay(bus!, {
    id: randomUUID(),
    type: Subjects.EventExpired,
    occurredAt: new Date().toISOString(),
    data: { code, reason: 'deleted' },
  });
}

/** Purges the gallery and waits until the service has let go of its jobs. */
export async function purgeGallery(code: string) {
  await expireGallery(code);
  await waitFor('the purge', async () =>
    (await db.query('SELECT 1 FROM archive_jobs WHERE event_code = $1', [code])).length === 0 ? true : null,
  );
}

export const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** Every entry of the zip at `url`, in the zip's order: its name and bytes. */
export async function zipEntries(url: string): Promise<Map<string, Buffer>> {
  const file = path.join(tmp, `${randomUUID()}.zip`);
  await writeFile(file, Buffer.from(await (await fetch(url)).arrayBuffer()));
  const { stdout } = await run('zipinfo', ['-1', file]);
  const entries = new Map<string, Buffer>();
  for (const name of stdout.split('\n').filter(Boolean)) {
    const { stdout: bytes } = await run('unzip', ['-p', file, name.replace(/[[\]*?]/g, '\\$&')], {
      encoding: 'buffer',
      maxBuffer: 1 << 24,
    });
    entries.set(name, bytes as unknown as Buffer);
  }
  return entries;
}

export interface Replica {
  requestArchive(code: string): Promise<{ id: string }>;
  /** SIGKILL: the process dies at once, as a crash or an OOM kill. */
  kill(): Promise<void>;
}

/** Another process of the service on `port`, as npm start runs it (the build's output: `npm run build` first). */
export async function startReplica(port: number): Promise<Replica> {
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
export async function buildKilledMidway(replica: Replica, code: string) {
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

/** One download app for the file: started before its tests, stopped after them. */
export function useDownload(): void {
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
      bus.nc.subscribe(Requests.VisiblePhotos, {
        callback: (_error, message) => {
          message.respond(JSON.stringify(answerVisiblePhotos(message.json())));
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
}
