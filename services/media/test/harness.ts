/**
 * The media service's test harness: one start-up for every media test file. It starts the platform (PostgreSQL,
 * NATS, S3), one media app on a fresh database and bucket, a bus to publish domain events on, and the events
 * service's answers media asks for (guest admission; the owner check when asked for), and it holds the helpers
 * every file used to write again: a GraphQL call as the gateway forwards it, a domain event published as
 * events' relay does, a gallery created through event.created.
 *
 *   let media: MediaHarness;
 *   beforeAll(async () => {
 *     media = await startMedia({ bucket: 'media-something-test' });
 *   });
 *   afterAll(() => media?.stop());
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { expect } from '@jest/globals';
import type { S3Client } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  galleryCodeFromBytes,
  ownerAuthorizationRequestSchema,
  PIN_PASS_HEADER,
  Requests,
  Subjects,
  type DomainEvent,
  type PhotoReviewState,
  type PlanId,
  type Subject,
} from '@gallery/contracts';
import {
  CLIENT_ADDRESS_HEADER,
  createS3Client,
  EventBus,
  GUEST_IDENTITY_HEADER,
  GuestIdentities,
  type NatsSubscription,
  type StorageConfig,
} from '@gallery/platform';
import { publishAsRelay, startTestPlatform, type TestPlatform, waitFor } from '@gallery/testing';
import { createApp, MediaConfig } from '../src/index.js';
import { StorageDeletions } from '../src/storage/storage-deletions.js';
import { admitEveryGuest } from './events-stand-in.js';
import { putToSlot, REQUEST_UPLOADS, type Slot } from './guest-upload.js';

export const DAY = 24 * 60 * 60 * 1000;

/** The Authorization the owner-check stand-in takes for the couple of `code`. */
export const ownerOf = (code: string) => `Bearer owner-of-${code}`;

export interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string; count?: number } }[];
}

/** Who calls, as the gateway forwards it: each call comes from a client address of its own unless told. */
export interface Caller {
  authorization?: string;
  guestIdentity?: string;
  pass?: string;
  client?: string;
}

export interface MediaHarnessOptions {
  /** The bucket media stores in, one per test file. */
  bucket: string;
  /** Settings of media's own over the harness's (sweeps and deletion runs once a day, so tests run them). */
  config?: Partial<Omit<MediaConfig, 'host' | 'port' | 'databaseUrl' | 'natsUrl' | 'storage'>>;
  /**
   * How the events service answers guest admission: every guest admitted unless a file brings its own stand-in
   * (events-stand-in.ts).
   */
  admission?: (bus: EventBus) => Promise<void>;
  /**
   * A stand-in for the events service's owner check, answering for any gallery with this plan and expiry: the
   * couple is whoever sends ownerOf(code). None when omitted.
   */
  owners?: { plan: PlanId; expiresInMs: number };
  /** How many media apps share the database and bucket, started one after the other (the first migrates). */
  replicas?: number;
}

/** A photo row as a confirmed upload leaves it, for tests whose photos' files play no part. */
export interface PhotoRow {
  createdAt?: Date;
  fileName?: string;
  uploaderId?: string | null;
  guestName?: string | null;
  heartCount?: number;
  review?: PhotoReviewState;
}

export interface MediaHarness {
  readonly platform: TestPlatform;
  readonly app: INestApplication;
  /** Every app started: `app` first. */
  readonly apps: INestApplication[];
  readonly bus: EventBus;
  readonly db: DataSource;
  readonly s3: S3Client;
  readonly storage: StorageConfig;
  /** Signs guest identities with the app's key. */
  readonly identities: GuestIdentities;
  /** A GraphQL request as the gateway forwards it: its whole HTTP response. */
  post(query: string, variables?: object, caller?: Caller): Promise<request.Response>;
  /** A GraphQL request as the gateway forwards it: its answer. */
  graphql<T>(query: string, variables?: object, caller?: Caller): Promise<GraphQLAnswer<T>>;
  /** Publishes a domain event the way the events service's relay does (under `id` when given). */
  publish<S extends Subject>(type: S, data: DomainEvent<S>['data'], id?: string): Promise<void>;
  /** Publishes event.created for a new gallery and waits for media's read model to hold it. */
  createGallery(gallery?: { plan?: PlanId; expiresAt?: Date; name?: string }): Promise<string>;
  /** Uploads a JPEG as a guest's browser does (a slot, the PUT, the confirmation); the photo's id. */
  uploadPhoto(code: string, body: Buffer, caller?: Caller): Promise<string>;
  /** Writes a photo row of the gallery straight to the database; its id. */
  insertPhoto(code: string, row?: PhotoRow): Promise<string>;
  /**
   * Makes the scheduled deletions under `prefix` due and runs the deletions queue until none of them is left. The
   * service runs the queue too after a removal, holding the rows it works on (a run here skips them): waiting for
   * the rows to go, not for one run to find nothing, outlasts that run.
   */
  runDeletionsUnder(prefix: string): Promise<void>;
  stop(): Promise<void>;
}

/** Starts the platform and one media app; the caller stops it in afterAll. */
export async function startMedia(options: MediaHarnessOptions): Promise<MediaHarness> {
  const platform = await startTestPlatform();
  const apps: INestApplication[] = [];
  let bus: EventBus | undefined;
  let s3: S3Client | undefined;
  let owners: NatsSubscription | undefined;
  const stop = async () => {
    owners?.unsubscribe();
    await Promise.all(apps.map((app) => app.close()));
    await bus?.close();
    s3?.destroy();
    await platform.stop();
  };
  try {
    const storage: StorageConfig = {
      endpoint: platform.s3.endpoint,
      region: platform.s3.region,
      accessKeyId: platform.s3.accessKeyId,
      secretAccessKey: platform.s3.secretAccessKey,
      bucket: options.bucket,
    };
    const guestIdentityKey = options.config?.guestIdentityKey ?? randomBytes(32).toString('base64url');
    const config = new MediaConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: await platform.postgres.createDatabase(),
      natsUrl: platform.nats.url,
      storage,
      publicUrl: 'http://localhost:5000',
      storageDeletionIntervalMs: DAY,
      previewSweepIntervalMs: DAY,
      ...options.config,
      guestIdentityKey,
    });
    for (let count = options.replicas ?? 1; count > 0; count--) {
      apps.push(await createApp(config, { logger: ['error'] }));
    }
    const app = apps[0];
    const db = app.get(DataSource);
    bus = await EventBus.connect(platform.nats.url, options.bucket);
    await (options.admission ?? admitEveryGuest)(bus);
    if (options.owners) owners = answerOwnerChecks(bus, options.owners);
    s3 = createS3Client(storage);
    return harness({
      platform,
      app,
      apps,
      bus,
      db,
      s3,
      storage,
      identities: new GuestIdentities(guestIdentityKey),
      stop,
    });
  } catch (error) {
    await stop();
    throw error;
  }
}

function answerOwnerChecks(bus: EventBus, answer: { plan: PlanId; expiresInMs: number }): NatsSubscription {
  return bus.nc.subscribe(Requests.OwnerAuthorization, {
    callback: (_error, message) => {
      const { code, authorization } = ownerAuthorizationRequestSchema.parse(message.json());
      const gallery = {
        code,
        name: 'x',
        plan: answer.plan,
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + answer.expiresInMs).toISOString(),
      };
      const owner = authorization === ownerOf(code) ? { email: 'o@example.com' } : null;
      message.respond(JSON.stringify({ gallery, owner }));
    },
  });
}

function harness(
  parts: Omit<
    MediaHarness,
    'post' | 'graphql' | 'publish' | 'createGallery' | 'uploadPhoto' | 'insertPhoto' | 'runDeletionsUnder'
  >,
): MediaHarness {
  const { app, bus, db } = parts;
  const post = async (query: string, variables: object = {}, caller: Caller = {}) => {
    const call = request(app.getHttpServer())
      .post('/graphql')
      .set(CLIENT_ADDRESS_HEADER, caller.client ?? randomUUID())
      .send({ query, variables });
    if (caller.authorization) call.set('Authorization', caller.authorization);
    if (caller.guestIdentity) call.set(GUEST_IDENTITY_HEADER, caller.guestIdentity);
    if (caller.pass) call.set(PIN_PASS_HEADER, caller.pass);
    return call;
  };
  const publish = <S extends Subject>(type: S, data: DomainEvent<S>['data'], id: string = randomUUID()) =>
    publishAsRelay(bus, { id, type, occurredAt: new Date().toISOString(), data } as DomainEvent);
  const graphql = async <T>(query: string, variables?: object, caller?: Caller): Promise<GraphQLAnswer<T>> =>
    (await post(query, variables, caller)).body as GraphQLAnswer<T>;
  return {
    ...parts,
    post,
    graphql,
    publish,
    async createGallery({
      plan = 'standard',
      expiresAt = new Date(Date.now() + 7 * DAY),
      name = 'Sarah & Mike',
    } = {}) {
      const code = galleryCodeFromBytes(randomBytes(8));
      await publish(Subjects.EventCreated, {
        code,
        name,
        plan,
        createdAt: new Date().toISOString(),
        expiresAt: expiresAt.toISOString(),
      });
      await waitFor(`gallery ${code} in the read model`, async () => {
        const rows: unknown[] = await db.query('SELECT 1 FROM galleries WHERE code = $1', [code]);
        return rows.length > 0;
      });
      return code;
    },
    async uploadPhoto(code, body, caller) {
      const slots = await graphql<{ requestPhotoUploads: Slot[] }>(
        REQUEST_UPLOADS,
        { code, files: [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }] },
        caller,
      );
      const slot = slots.data!.requestPhotoUploads[0]!;
      expect((await putToSlot(slot, body)).status).toBe(200);
      const confirmed = await graphql<{ confirmPhotoUpload: { id: string } }>(
        'mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id } }',
        { code, id: slot.uploadId },
        caller,
      );
      expect(confirmed.errors).toBeUndefined();
      return confirmed.data!.confirmPhotoUpload.id;
    },
    async insertPhoto(code, row = {}) {
      const id = randomUUID();
      await db.query(
        `INSERT INTO photos (id, event_code, original_key, file_name, content_type, size, width, height, kind,
                             created_at, uploader_id, guest_name, heart_count, review)
         VALUES ($1, $2, $3, $4, 'image/jpeg', 100, 4, 3, 'photo', $5, $6, $7, $8, $9)`,
        [
          id,
          code,
          `originals/${id}`,
          row.fileName ?? 'IMG.JPG',
          row.createdAt ?? new Date(),
          row.uploaderId ?? null,
          row.guestName ?? null,
          row.heartCount ?? 0,
          row.review ?? 'approved',
        ],
      );
      return id;
    },
    async runDeletionsUnder(prefix) {
      const deletions = app.get(StorageDeletions);
      await waitFor(`the deletions under ${prefix} run`, async () => {
        await db.query('UPDATE storage_deletions SET not_before = now() WHERE object_key LIKE $1', [
          `${prefix}%`,
        ]);
        while ((await deletions.processOnce()) > 0);
        const [left] = (await db.query(
          'SELECT count(*)::int AS n FROM storage_deletions WHERE object_key LIKE $1',
          [`${prefix}%`],
        )) as { n: number }[];
        return left.n === 0;
      });
    },
  };
}
