import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect } from '@jest/globals';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  BACKUP_LIMITS,
  galleryCodeFromBytes,
  galleryPhotosRequestSchema,
  guestCopyRequestSchema,
  ownerAuthorizationRequestSchema,
  Requests,
  Subjects,
  type ArchivePhoto,
  type DomainEvent,
  type GalleryPhotosReply,
  type GuestCopyReply,
  type GuestCopyRequest,
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
  publishAsRelay,
  startTestPlatform,
  type TestOAuthDrive,
  type TestPlatform,
  waitFor,
} from '@gallery/testing';
import { BackupConfig, createApp } from '../src/index.js';

// The backup service as its integration tests run it: real PostgreSQL, NATS and S3 servers, the app on top, and
// stand-ins for events (owner, plan) and media (photos) answering its requests from what the test set up.

/** What the test's stand-ins for events (owner, plan) and media (photos) know of a gallery. */
export interface TestGallery {
  name: string;
  plan: PlanId;
  expiresAt: string;
  ownerToken: string;
  photos: TestPhoto[];
}

/** A photo as media holds it: its original's bytes, and its guests' copy's when made. */
export type TestPhoto = ArchivePhoto & {
  bytes: Buffer;
  /** The couple's decision (media's `photos.review`); approved when absent. */
  review?: 'waiting' | 'approved' | 'hidden';
  /** The guests' copy's bytes (no metadata): different from the original's, so a test tells which was copied. */
  guestBytes?: Buffer;
};

export interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

/** The drives offered by signing in, from their local stand-ins. */
export interface TestDrives {
  google?: TestOAuthDrive;
  dropbox?: TestOAuthDrive;
}

export interface BackupTestOptions {
  /** The storage bucket of the photos' originals. */
  bucket: string;
  /** The backup fields `state` and `untilCopied` read. */
  backupFields: string;
  /** The drives offered by signing in, once their stand-ins run (read when the service starts). */
  drives?: () => TestDrives;
  /** Listen on a port, the public URL set to it: a drive's sign-in comes back to the service. */
  listen?: boolean;
  /** A copy's deadline before its size is counted; the product's (BACKUP_LIMITS.copyBaseSeconds) by default. */
  copyDeadlineBaseMs?: number;
}

/** A backup as the test reads it: its copy counts, and whichever other fields it asked for. */
export interface BackupState {
  copied: number;
  total: number;
}

/**
 * Starts the service before the file's tests (beforeAll) and stops everything after (afterAll); the drive
 * stand-ins a file starts in its own beforeAll, declared before this call, are running by then. What it returns
 * is usable at once; its servers once the tests run.
 */
export function startBackupTest<Backup extends BackupState>(options: BackupTestOptions) {
  let platform: TestPlatform | undefined;
  let app: INestApplication | undefined;
  let bus: EventBus | undefined;
  let s3: S3Client | undefined;
  let db: DataSource | undefined;
  let config: BackupConfig | undefined;
  let serviceUrl = '';
  const responders: NatsSubscription[] = [];
  const galleries = new Map<string, TestGallery>();
  const guestCopyQuestions: GuestCopyRequest[] = [];

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
    // Like media: approved photos only, whoever asks.
    const approved = gallery.photos.filter((photo) => (photo.review ?? 'approved') === 'approved');
    const chosen = asked.ids ? approved.filter((photo) => asked.ids!.includes(photo.id)) : approved;
    const start = asked.after ? Number(asked.after) : 0;
    const page = chosen.slice(start, start + asked.limit);
    const end = start + page.length;
    return {
      found: true,
      photos: page.map(({ bytes: _bytes, review: _review, guestBytes: _guestBytes, ...photo }) => photo),
      next: end < chosen.length ? String(end) : null,
    };
  }

  /** Media's answer: a copy still to be made is made now (giveGuestCopy), once. */
  async function answerGuestCopy(body: unknown): Promise<GuestCopyReply> {
    const asked = guestCopyRequestSchema.parse(body);
    guestCopyQuestions.push(asked);
    const photo = galleries.get(asked.code)?.photos.find((candidate) => candidate.id === asked.photoId);
    if (!photo) return { key: null };
    if (photo.guestCopyPending) {
      photo.guestCopyPending = false;
      await giveGuestCopy(photo);
    }
    return { key: photo.guestCopyKey };
  }

  /** The service's settings on this test's servers, with these drives offered. */
  function backupConfig(databaseUrl: string, drives: TestDrives = {}): BackupConfig {
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
        bucket: options.bucket,
      },
      secretKey: randomBytes(32),
      allowPrivateDestinations: true,
      // A drive back up is tried again within 2 s, whatever the failures before.
      retryMaxMs: 2000,
      pollMs: 200,
      concurrency: 4,
      lanesPerGallery: 2,
      copyDeadlineBaseMs: options.copyDeadlineBaseMs ?? BACKUP_LIMITS.copyBaseSeconds * 1000,
      // With `listen`, set once the service listens.
      publicUrl: 'http://localhost:5000',
      ...(drives.google && {
        googleDrive: {
          clientId: drives.google.clientId,
          clientSecret: drives.google.clientSecret,
          authorizeUrl: `${drives.google.url}/authorize`,
          tokenUrl: `${drives.google.url}/token`,
          apiUrl: `${drives.google.url}/`,
        },
      }),
      ...(drives.dropbox && {
        dropbox: {
          clientId: drives.dropbox.clientId,
          clientSecret: drives.dropbox.clientSecret,
          authorizeUrl: `${drives.dropbox.url}/oauth2/authorize`,
          apiUrl: drives.dropbox.url,
          contentUrl: drives.dropbox.url,
        },
      }),
    });
  }

  beforeAll(async () => {
    platform = await startTestPlatform();
    bus = await EventBus.connect(platform.nats.url, options.bucket);
    responders.push(
      bus.nc.subscribe(Requests.OwnerAuthorization, {
        callback: (_error, message) => void message.respond(JSON.stringify(answerOwner(message.json()))),
      }),
      bus.nc.subscribe(Requests.GalleryPhotos, {
        callback: (_error, message) => void message.respond(JSON.stringify(answerPhotos(message.json()))),
      }),
      bus.nc.subscribe(Requests.GuestCopy, {
        callback: (_error, message) =>
          void answerGuestCopy(message.json()).then((reply) => message.respond(JSON.stringify(reply))),
      }),
    );
    config = backupConfig(await platform.postgres.createDatabase(), options.drives?.() ?? {});
    s3 = createS3Client(config.storage);
    await ensureBucket(s3, options.bucket);
    app = await createApp(config, { logger: ['error'] });
    if (options.listen) {
      await app.listen(0, '127.0.0.1');
      serviceUrl = `http://127.0.0.1:${(app.getHttpServer().address() as { port: number }).port}`;
      (config as { publicUrl: string }).publicUrl = serviceUrl;
    }
    db = app.get(DataSource);
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    for (const responder of responders) responder.unsubscribe();
    await bus?.close();
    s3?.destroy();
    await platform?.stop();
  }, 120_000);

  async function graphql<T>(query: string, variables: Record<string, unknown>, authorization?: string) {
    const call = request(app!.getHttpServer()).post('/graphql').set(CLIENT_ADDRESS_HEADER, randomUUID());
    if (authorization) call.set('Authorization', authorization);
    const response = await call.send({ query, variables });
    expect(response.status).toBe(200);
    return response.body as GraphQLAnswer<T>;
  }

  const owner = (code: string) => `Bearer ${galleries.get(code)?.ownerToken ?? 'none'}`;

  async function publish<S extends DomainEvent['type']>(type: S, data: DomainEvent<S>['data']) {
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type,
      occurredAt: new Date().toISOString(),
      data,
    } as DomainEvent);
  }

  /** Media made the photo's guests' copy (no location, serial numbers or names): stored and listed. */
  async function giveGuestCopy(photo: TestPhoto) {
    const guestBytes = randomBytes(1000 + Math.floor(Math.random() * 1000));
    const key = `photos/${photo.id}/guest-original`;
    await s3!.send(new PutObjectCommand({ Bucket: options.bucket, Key: key, Body: guestBytes }));
    photo.guestBytes = guestBytes;
    photo.guestCopyKey = key;
  }

  /** What media announces of a photo. */
  type LivePhotoFacts = { id: string; createdAt: string; guestName: string | null };
  function livePhoto(code: string, photo: LivePhotoFacts) {
    return {
      id: photo.id,
      eventCode: code,
      thumbnailUrl: `/media/photos/${photo.id}/thumbnail`,
      previewUrl: `/media/photos/${photo.id}/preview`,
      originalUrl: `/media/photos/${photo.id}/original`,
      width: 4000,
      height: 3000,
      createdAt: photo.createdAt,
      kind: 'photo' as const,
      durationSeconds: null,
      guestName: photo.guestName,
      challengeId: null,
    };
  }

  async function state(code: string): Promise<Backup | null> {
    const answer = await graphql<{ backup: Backup | null }>(
      `query ($code: String!) { backup(eventCode: $code) { ${options.backupFields} } }`,
      { code },
      owner(code),
    );
    expect(answer.errors).toBeUndefined();
    return answer.data!.backup;
  }

  return {
    get app() {
      return app!;
    },
    get db() {
      return db!;
    },
    get bus() {
      return bus!;
    },
    get config() {
      return config!;
    },
    /** With `listen`: where the service answers. */
    get serviceUrl() {
      return serviceUrl;
    },
    galleries,
    /** Every guests' copy the service asked media for, oldest first. */
    guestCopyQuestions,
    backupConfig,
    graphql,
    owner,
    publish,
    state,

    newGallery(values: Partial<TestGallery> = {}): string {
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
    },

    /**
     * A photo in the gallery and its original in storage, as media holds it once confirmed (its guests' copy
     * too with `guestCopy`; made by media when asked with 'when-asked').
     */
    async addPhoto(
      code: string,
      guestName: string | null = null,
      values: { review?: TestPhoto['review']; guestCopy?: boolean | 'when-asked' } = {},
    ): Promise<TestPhoto> {
      const bytes = randomBytes(2000 + Math.floor(Math.random() * 30_000));
      const id = randomUUID();
      const originalKey = `photos/${id}/original`;
      await s3!.send(new PutObjectCommand({ Bucket: options.bucket, Key: originalKey, Body: bytes }));
      const photo: TestPhoto = {
        id,
        originalKey,
        guestCopyKey: null,
        guestCopyPending: values.guestCopy === 'when-asked',
        fileName: 'IMG_0001.jpg',
        contentType: 'image/jpeg',
        size: bytes.length,
        createdAt: new Date(Date.UTC(2026, 5, 13, 18, 0, galleries.get(code)!.photos.length)).toISOString(),
        kind: 'photo' as const,
        guestName,
        bytes,
        review: values.review ?? 'approved',
      };
      galleries.get(code)!.photos.push(photo);
      if (values.guestCopy === true) await giveGuestCopy(photo);
      return photo;
    },

    giveGuestCopy,

    /** A guest's upload as media announces it (`awaitingApproval`: it waits for the couple's approval). */
    async uploaded(code: string, photo: LivePhotoFacts, values: { awaitingApproval?: boolean } = {}) {
      await publish(Subjects.PhotoUploaded, {
        photo: livePhoto(code, photo),
        photoCount: galleries.get(code)!.photos.length,
        ...(values.awaitingApproval && { shared: false, awaitingApproval: true }),
      });
    },

    /** The couple approved the photo: media lists it from now on, and announces it. */
    async approved(code: string, photo: TestPhoto) {
      photo.review = 'approved';
      await publish(Subjects.PhotoApproved, {
        photo: livePhoto(code, photo),
        photoCount: galleries.get(code)!.photos.length,
      });
    },

    /** The couple hid the photo: media lists it no more, and announces it. */
    async hidden(code: string, photo: TestPhoto) {
      photo.review = 'hidden';
      await publish(Subjects.PhotoHidden, {
        photoId: photo.id,
        eventCode: code,
        photoCount: galleries.get(code)!.photos.length - 1,
      });
    },

    /** The couple's privacy settings as events announces them, with their choice for their own downloads. */
    async privacyChanged(code: string, ownerDownloadsKeepMetadata: boolean) {
      await publish(Subjects.PrivacyChanged, {
        code,
        visibility: 'everyone',
        uploadsOpenAt: null,
        uploadsCloseAt: null,
        guestOriginals: true,
        ownerDownloadsKeepMetadata,
      });
    },

    untilCopied(code: string, copied: number, total = copied) {
      return waitFor(
        `${copied} of ${total} copied`,
        async () => {
          const backup = await state(code);
          return backup && backup.copied === copied && backup.total === total ? backup : null;
        },
        120_000,
      );
    },

    /** The service as after a crash and a new start: the app closed, a new one on the same database. */
    async restart() {
      await app!.close();
      await db!.destroy().catch(() => undefined);
      app = await createApp(config!, { logger: ['error'] });
      db = app.get(DataSource);
    },

    sha: (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex'),
  };
}
