import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  galleryCodeFromBytes,
  galleryPhotosRequestSchema,
  ownerAuthorizationRequestSchema,
  RATE_LIMITS,
  Requests,
  Subjects,
  type ArchivePhoto,
  type DomainEvent,
  type GalleryPhotosReply,
  type OwnerAuthorizationReply,
  type PlanId,
} from '@gallery/contracts';
import {
  CLIENT_ADDRESS_HEADER,
  createS3Client,
  ensureBucket,
  EventBus,
  type NatsSubscription,
} from '@gallery/platform';
import {
  startTestPlatform,
  startTestWebDav,
  waitFor,
  type TestPlatform,
  type TestWebDav,
} from '@gallery/testing';
import { BackupConfig, createApp } from '../src/index.js';
import { BackupExpiry } from '../src/backups/backup-expiry.js';

const BUCKET = 'backup-test';

let platform: TestPlatform | undefined;
let drive: TestWebDav | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let s3: S3Client | undefined;
let db: DataSource;
let config: BackupConfig;
const responders: NatsSubscription[] = [];

/** What the test's stand-ins for events (owner, plan) and media (photos) know of a gallery. */
interface TestGallery {
  name: string;
  plan: PlanId;
  expiresAt: string;
  ownerToken: string;
  photos: (ArchivePhoto & { bytes: Buffer })[];
}
const galleries = new Map<string, TestGallery>();

function newGallery(values: Partial<TestGallery> = {}): string {
  const code = galleryCodeFromBytes(randomBytes(8));
  galleries.set(code, {
    name: 'Sarah & Mike',
    plan: 'premium',
    expiresAt: new Date(Date.now() + 365 * 86_400_000).toISOString(),
    ownerToken: randomBytes(16).toString('base64url'),
    photos: [],
    ...values,
  });
  return code;
}

const owner = (code: string) => `Bearer ${galleries.get(code)?.ownerToken ?? 'none'}`;

function answerOwner(body: unknown): OwnerAuthorizationReply {
  const asked = ownerAuthorizationRequestSchema.parse(body);
  const gallery = galleries.get(asked.code);
  if (!gallery) return { gallery: null, owner: null };
  return {
    gallery: {
      code: asked.code,
      name: gallery.name,
      plan: gallery.plan,
      createdAt: '2026-01-01T00:00:00.000Z',
      expiresAt: gallery.expiresAt,
    },
    owner: asked.authorization === `Bearer ${gallery.ownerToken}` ? { email: 'couple@example.com' } : null,
  };
}

function answerPhotos(body: unknown): GalleryPhotosReply {
  const asked = galleryPhotosRequestSchema.parse(body);
  const gallery = galleries.get(asked.code);
  if (!gallery) return { found: false, photos: [], next: null };
  const chosen = asked.ids ? gallery.photos.filter((photo) => asked.ids!.includes(photo.id)) : gallery.photos;
  const start = asked.after ? Number(asked.after) : 0;
  const page = chosen.slice(start, start + asked.limit);
  const end = start + page.length;
  return {
    found: true,
    photos: page.map(({ bytes: _bytes, ...photo }) => photo),
    next: end < chosen.length ? String(end) : null,
  };
}

/** A photo in the gallery and its original in storage, as media holds it once confirmed. */
async function addPhoto(code: string, guestName: string | null = null) {
  const bytes = randomBytes(2000 + Math.floor(Math.random() * 30_000));
  const id = randomUUID();
  const originalKey = `photos/${id}/original`;
  await s3!.send(new PutObjectCommand({ Bucket: BUCKET, Key: originalKey, Body: bytes }));
  const photo = {
    id,
    originalKey,
    guestCopyKey: null,
    fileName: 'IMG_0001.jpg',
    contentType: 'image/jpeg',
    size: bytes.length,
    createdAt: new Date(Date.UTC(2026, 5, 13, 18, 0, galleries.get(code)!.photos.length)).toISOString(),
    kind: 'photo' as const,
    guestName,
    bytes,
  };
  galleries.get(code)!.photos.push(photo);
  return photo;
}

async function publish<S extends DomainEvent['type']>(type: S, data: DomainEvent<S>['data']) {
  await bus!.publish({ id: randomUUID(), type, occurredAt: new Date().toISOString(), data } as DomainEvent);
}

/** A guest's upload as media announces it. */
async function uploaded(code: string, photo: { id: string; createdAt: string; guestName: string | null }) {
  await publish(Subjects.PhotoUploaded, {
    photo: {
      id: photo.id,
      eventCode: code,
      thumbnailUrl: `/media/photos/${photo.id}/thumbnail`,
      previewUrl: `/media/photos/${photo.id}/preview`,
      originalUrl: `/media/photos/${photo.id}/original`,
      width: 4000,
      height: 3000,
      createdAt: photo.createdAt,
      kind: 'photo',
      durationSeconds: null,
      guestName: photo.guestName,
      challengeId: null,
    },
    photoCount: galleries.get(code)!.photos.length,
  });
}

interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

interface Backup {
  address: string;
  username: string;
  folderPerGuest: boolean;
  state: string;
  stopReason: string | null;
  copied: number;
  total: number;
  lastFailure: string | null;
  lastError: string | null;
}
const BACKUP_FIELDS = 'address username folderPerGuest state stopReason copied total lastFailure lastError';

async function graphql<T>(query: string, variables: Record<string, unknown>, authorization?: string) {
  const call = request(app!.getHttpServer()).post('/graphql').set(CLIENT_ADDRESS_HEADER, randomUUID());
  if (authorization) call.set('Authorization', authorization);
  const response = await call.send({ query, variables });
  expect(response.status).toBe(200);
  return response.body as GraphQLAnswer<T>;
}

function connect(code: string, values: { url?: string; password?: string; folderPerGuest?: boolean } = {}) {
  return graphql<{ connectWebDavBackup: Backup }>(
    `mutation ($code: String!, $url: String!, $username: String!, $password: String!, $perGuest: Boolean!) {
      connectWebDavBackup(eventCode: $code, url: $url, username: $username, password: $password, folderPerGuest: $perGuest) { ${BACKUP_FIELDS} }
    }`,
    {
      code,
      url: values.url ?? drive!.url,
      username: drive!.username,
      password: values.password ?? drive!.password,
      perGuest: values.folderPerGuest ?? false,
    },
    owner(code),
  );
}

async function connected(code: string, values: { folderPerGuest?: boolean } = {}) {
  const answer = await connect(code, values);
  expect(answer.errors).toBeUndefined();
  return answer.data!.connectWebDavBackup;
}

async function state(code: string): Promise<Backup | null> {
  const answer = await graphql<{ backup: Backup | null }>(
    `query ($code: String!) { backup(eventCode: $code) { ${BACKUP_FIELDS} } }`,
    { code },
    owner(code),
  );
  expect(answer.errors).toBeUndefined();
  return answer.data!.backup;
}

function untilCopied(code: string, copied: number, total = copied) {
  return waitFor(
    `${copied} of ${total} copied`,
    async () => {
      const backup = await state(code);
      return backup && backup.copied === copied && backup.total === total ? backup : null;
    },
    120_000,
  );
}

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The drive's files of a gallery's folder, by the photo id prefix each name ends with. */
async function filesOf(code: string): Promise<Map<string, string[]>> {
  const byPhoto = new Map<string, string[]>();
  for (const file of (await drive!.files()).keys()) {
    if (!file.startsWith(`Sarah & Mike ${code}/`)) continue;
    const prefix = /([0-9a-f]{8})\.[a-z]+$/.exec(file)?.[1] ?? file;
    byPhoto.set(prefix, [...(byPhoto.get(prefix) ?? []), file]);
  }
  return byPhoto;
}

/** Every photo is in the drive exactly once, byte for byte. */
async function expectEachOnce(code: string) {
  const files = await filesOf(code);
  const photos = galleries.get(code)!.photos;
  expect(files.size).toBe(photos.length);
  for (const photo of photos) {
    const copies = files.get(photo.id.slice(0, 8));
    expect(copies).toHaveLength(1);
    expect(sha(await readFile(path.join(drive!.dataDir, copies![0]!)))).toBe(sha(photo.bytes));
  }
}

function backupConfig(databaseUrl: string): BackupConfig {
  return new BackupConfig({
    host: '127.0.0.1',
    port: 0,
    databaseUrl,
    natsUrl: platform!.nats.url,
    storage: {
      endpoint: platform!.s3.endpoint,
      region: platform!.s3.region,
      accessKeyId: platform!.s3.accessKeyId,
      secretAccessKey: platform!.s3.secretAccessKey,
      bucket: BUCKET,
    },
    secretKey: randomBytes(32),
    allowPrivateDestinations: true,
    // A drive back up is tried again within 2 s, whatever the failures before.
    retryMaxMs: 2000,
    pollMs: 200,
    concurrency: 4,
    publicUrl: 'http://localhost:5000',
  });
}

beforeAll(async () => {
  platform = await startTestPlatform();
  drive = await startTestWebDav();
  bus = await EventBus.connect(platform.nats.url, 'backup-test');
  responders.push(
    bus.nc.subscribe(Requests.OwnerAuthorization, {
      callback: (_error, message) => void message.respond(JSON.stringify(answerOwner(message.json()))),
    }),
    bus.nc.subscribe(Requests.GalleryPhotos, {
      callback: (_error, message) => void message.respond(JSON.stringify(answerPhotos(message.json()))),
    }),
  );
  config = backupConfig(await platform.postgres.createDatabase());
  s3 = createS3Client(config.storage);
  await ensureBucket(s3, BUCKET);
  app = await createApp(config, { logger: ['error'] });
  db = app.get(DataSource);
}, 180_000);

afterAll(async () => {
  await app?.close();
  for (const responder of responders) responder.unsubscribe();
  await bus?.close();
  s3?.destroy();
  await drive?.stop();
  await platform?.stop();
}, 120_000);

describe('backup service', () => {
  it('is healthy when its database, NATS and storage answer', async () => {
    expect((await request(app!.getHttpServer()).get('/health')).status).toBe(200);
  });

  it('refuses a gallery that is not on Premium, naming Premium', async () => {
    for (const plan of ['free', 'standard'] as const) {
      const answer = await connect(newGallery({ plan }));
      expect(answer.errors?.[0]?.extensions?.code).toBe('BACKUP_NEEDS_PREMIUM');
    }
  });

  it('checks the credentials with the drive before keeping them, and refuses with the reason', async () => {
    const code = newGallery();
    expect((await connect(code, { password: 'wrong' })).errors?.[0]?.extensions?.code).toBe(
      'BACKUP_CREDENTIALS_REFUSED',
    );
    expect((await connect(code, { url: 'http://127.0.0.1:9/dav/' })).errors?.[0]?.extensions?.code).toBe(
      'BACKUP_DESTINATION_UNREACHABLE',
    );
    expect((await connect(code, { url: 'ftp://drive.example.com/' })).errors?.[0]?.extensions?.code).toBe(
      'BACKUP_URL_INVALID',
    );
    expect(await state(code)).toBeNull();
  });

  it('refuses overlong credentials, and too many tries at connecting one gallery', async () => {
    const code = newGallery();
    expect((await connect(code, { password: 'x'.repeat(501) })).errors?.[0]?.extensions?.code).toBe(
      'BACKUP_CREDENTIALS_TOO_LONG',
    );
    const codes: (string | undefined)[] = [];
    for (let i = 0; i <= RATE_LIMITS.backupConnects.points; i++) {
      codes.push((await connect(code, { password: 'wrong' })).errors?.[0]?.extensions?.code);
    }
    expect(codes.slice(0, -1).every((refusal) => refusal === 'BACKUP_CREDENTIALS_REFUSED')).toBe(true);
    expect(codes.at(-1)).toBe('RATE_LIMITED');
  });

  it('is the owner’s only', async () => {
    const code = newGallery();
    const answer = await graphql(
      `
        query ($code: String!) {
          backup(eventCode: $code) {
            copied
          }
        }
      `,
      { code },
      'Bearer someone-else',
    );
    expect(answer.errors?.[0]?.extensions?.code).toBe('NOT_GALLERY_OWNER');
  });

  it('copies each uploaded photo to the gallery folder, with the password kept sealed', async () => {
    const code = newGallery();
    const backup = await connected(code);
    expect(backup).toMatchObject({ address: drive!.url, state: 'ACTIVE', copied: 0, total: 0 });
    const photo = await addPhoto(code, 'Anna');
    await uploaded(code, photo);
    await untilCopied(code, 1);
    const files = [...(await drive!.files()).keys()];
    expect(files).toContain(`Sarah & Mike ${code}/2026-06-13 18.00.00 Anna ${photo.id.slice(0, 8)}.jpg`);
    await expectEachOnce(code);
    const [row] = (await db.query('SELECT credentials FROM backup_destinations WHERE event_code = $1', [
      code,
    ])) as { credentials: Buffer }[];
    expect(row!.credentials.includes(Buffer.from(drive!.password))).toBe(false);
  });

  it('gets every photo of a burst there exactly once when the drive stops in the middle and comes back', async () => {
    const code = newGallery();
    await connected(code);
    const photos = [];
    for (let i = 0; i < 40; i++) photos.push(await addPhoto(code));
    for (const photo of photos.slice(0, 20)) await uploaded(code, photo);
    await waitFor('some copies', async () => ((await state(code))?.copied ?? 0) >= 3);
    await drive!.down();
    for (const photo of photos.slice(20)) await uploaded(code, photo);
    // The same upload announced twice (a redelivery) is still one copy.
    await uploaded(code, photos[25]!);
    const failing = await waitFor('the failure on the page', async () => {
      const backup = await state(code);
      return backup?.lastFailure ? backup : null;
    });
    expect(failing.lastFailure).toBe('UNREACHABLE');
    expect(failing.copied).toBeLessThan(40);
    await drive!.up();
    const done = await untilCopied(code, 40);
    expect(done.lastFailure).toBeNull();
    await expectEachOnce(code);
  });

  it('finishes the copies after a restart of the service mid-way, each photo once', async () => {
    const code = newGallery();
    await connected(code);
    const photos = [];
    for (let i = 0; i < 30; i++) photos.push(await addPhoto(code));
    for (const photo of photos) await uploaded(code, photo);
    await waitFor('some copies', async () => ((await state(code))?.copied ?? 0) >= 2);
    await app!.close();
    // A copy that reached the drive while its process died before marking it: claimed, not marked.
    await db.destroy().catch(() => undefined);
    app = await createApp(config, { logger: ['error'] });
    db = app.get(DataSource);
    await db.query(
      `UPDATE backup_items SET status = 'pending', due_at = now() - interval '1 second'
       WHERE photo_id = $1`,
      [photos[0]!.id],
    );
    await untilCopied(code, 30);
    await expectEachOnce(code);
  }, 180_000);

  it('backs up everything the gallery had before, once, however often it is asked', async () => {
    const code = newGallery();
    for (let i = 0; i < 5; i++) await addPhoto(code);
    await connected(code);
    const everything = `mutation ($code: String!) { backUpEverything(eventCode: $code) { ${BACKUP_FIELDS} } }`;
    expect(
      (await graphql<{ backUpEverything: Backup }>(everything, { code }, owner(code))).data?.backUpEverything
        .total,
    ).toBe(5);
    await untilCopied(code, 5);
    await graphql(everything, { code }, owner(code));
    expect(await state(code)).toMatchObject({ copied: 5, total: 5 });
    for (let i = 2; i < RATE_LIMITS.backupEverything.points; i++)
      await graphql(everything, { code }, owner(code));
    const refused = await graphql(everything, { code }, owner(code));
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
    await expectEachOnce(code);
  });

  it('puts each guest in a folder of their own when the couple chooses, those without a name in theirs', async () => {
    const code = newGallery();
    await connected(code);
    const answer = await graphql<{ setBackupFolderPerGuest: Backup }>(
      `
        mutation ($code: String!) {
          setBackupFolderPerGuest(eventCode: $code, folderPerGuest: true) {
            folderPerGuest
          }
        }
      `,
      { code },
      owner(code),
    );
    expect(answer.data?.setBackupFolderPerGuest.folderPerGuest).toBe(true);
    const anna = await addPhoto(code, 'Anna');
    const nameless = await addPhoto(code, null);
    await uploaded(code, anna);
    await uploaded(code, nameless);
    await untilCopied(code, 2);
    const files = [...(await drive!.files()).keys()];
    expect(files).toContain(`Sarah & Mike ${code}/Anna/2026-06-13 18.00.00 Anna ${anna.id.slice(0, 8)}.jpg`);
    expect(files).toContain(
      `Sarah & Mike ${code}/Guests without a name/2026-06-13 18.00.01 IMG_0001 ${nameless.id.slice(0, 8)}.jpg`,
    );
  });

  it('stops new copies when a refund leaves Premium, says so for the mail, and resumes on Premium again', async () => {
    const code = newGallery();
    await connected(code);
    const stops: DomainEvent[] = [];
    const watch = bus!.nc.subscribe(Subjects.BackupStopped, {
      callback: (_error, message) => void stops.push(message.json<DomainEvent>()),
    });
    const expiresAt = galleries.get(code)!.expiresAt;
    await publish(Subjects.PlanUpgraded, {
      code,
      previousPlan: 'premium',
      plan: 'standard',
      expiresAt,
      reason: 'refund',
    });
    await waitFor('stopped', async () => ((await state(code))?.state === 'STOPPED' ? true : null));
    expect((await state(code))?.stopReason).toBe('PLAN');
    await waitFor('backup.stopped', async () => stops.length > 0);
    expect(stops[0]!.data).toEqual({ code, reason: 'plan', address: drive!.url });
    galleries.get(code)!.plan = 'standard';
    const photo = await addPhoto(code);
    await uploaded(code, photo);
    await waitFor('recorded', async () => ((await state(code))?.total === 1 ? true : null));
    const everything = await graphql(
      `
        mutation ($code: String!) {
          backUpEverything(eventCode: $code) {
            copied
          }
        }
      `,
      { code },
      owner(code),
    );
    expect(everything.errors?.[0]?.extensions?.code).toBe('BACKUP_NEEDS_PREMIUM');
    expect((await state(code))?.copied).toBe(0);
    galleries.get(code)!.plan = 'premium';
    await publish(Subjects.PlanUpgraded, {
      code,
      previousPlan: 'standard',
      plan: 'premium',
      expiresAt,
      reason: 'payment',
    });
    await untilCopied(code, 1);
    watch.unsubscribe();
  });

  it('stops when the gallery’s storage ends, and says so for the mail', async () => {
    const code = newGallery();
    await connected(code);
    const stops: DomainEvent[] = [];
    const watch = bus!.nc.subscribe(Subjects.BackupStopped, {
      callback: (_error, message) => void stops.push(message.json<DomainEvent>()),
    });
    await db.query(
      `UPDATE backup_destinations SET expires_at = now() - interval '1 minute' WHERE event_code = $1`,
      [code],
    );
    expect(await app!.get(BackupExpiry).sweep()).toBeGreaterThanOrEqual(1);
    expect(await state(code)).toMatchObject({ state: 'STOPPED', stopReason: 'EXPIRED' });
    await waitFor('backup.stopped', async () =>
      stops.find((stop) => (stop.data as { code: string }).code === code),
    );
    expect(stops.find((stop) => (stop.data as { code: string }).code === code)!.data).toEqual({
      code,
      reason: 'expired',
      address: drive!.url,
    });
    watch.unsubscribe();
  });

  it('leaves out a photo removed from the gallery before its copy', async () => {
    const code = newGallery();
    await connected(code);
    const kept = await addPhoto(code);
    const removed = await addPhoto(code);
    galleries.get(code)!.photos = galleries.get(code)!.photos.filter((photo) => photo.id !== removed.id);
    await uploaded(code, removed);
    await uploaded(code, kept);
    await untilCopied(code, 1);
  });

  it('forgets the drive and its credentials on disconnect, and everything of a purged gallery', async () => {
    const code = newGallery();
    await connected(code);
    const answer = await graphql<{ disconnectBackup: boolean }>(
      `
        mutation ($code: String!) {
          disconnectBackup(eventCode: $code)
        }
      `,
      { code },
      owner(code),
    );
    expect(answer.data?.disconnectBackup).toBe(true);
    expect(await state(code)).toBeNull();
    expect(await db.query('SELECT 1 FROM backup_destinations WHERE event_code = $1', [code])).toHaveLength(0);

    const purged = newGallery();
    await connected(purged);
    await publish(Subjects.EventExpired, { code: purged, reason: 'deleted' });
    await waitFor('the purge', async () =>
      (await db.query('SELECT 1 FROM backup_destinations WHERE event_code = $1', [purged])).length === 0
        ? true
        : null,
    );
  });
});
