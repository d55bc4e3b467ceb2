import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  en,
  galleryCodeFromBytes,
  ownerAuthorizationRequestSchema,
  Requests,
  Subjects,
  type DomainEvent,
  type LivePhoto,
  type PrivacyChangedData,
} from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, EventBus, type NatsSubscription } from '@gallery/platform';
import { startTestPlatform, type TestPlatform, waitFor } from '@gallery/testing';
import { createApp, MediaConfig } from '../src/index.js';
import { putToSlot, REQUEST_UPLOADS, type Slot } from './guest-upload.js';

const DAY = 24 * 60 * 60 * 1000;

let platform: TestPlatform | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let db: DataSource;
let owners: NatsSubscription | undefined;

interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function graphql<T>(
  query: string,
  variables: object,
  authorization?: string,
): Promise<GraphQLAnswer<T>> {
  const call = request(app!.getHttpServer())
    .post('/graphql')
    .set(CLIENT_ADDRESS_HEADER, randomUUID())
    .send({ query, variables });
  if (authorization) call.set('Authorization', authorization);
  return (await call).body as GraphQLAnswer<T>;
}

/** The owner credential the stand-in for the events service accepts for a gallery. */
const ownerOf = (code: string) => `Bearer owner-of-${code}`;

async function publish<S extends typeof Subjects.EventCreated | typeof Subjects.PrivacyChanged>(
  type: S,
  data: DomainEvent<S>['data'],
): Promise<void> {
  await bus!.publish({ id: randomUUID(), type, occurredAt: new Date().toISOString(), data } as DomainEvent);
}

async function createGallery(): Promise<string> {
  const code = galleryCodeFromBytes(randomBytes(8));
  await publish(Subjects.EventCreated, {
    code,
    name: 'Sarah & Mike',
    plan: 'standard',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 7 * DAY).toISOString(),
  });
  await waitFor('the read model', async () => {
    const rows: unknown[] = await db.query('SELECT 1 FROM galleries WHERE code = $1', [code]);
    return rows.length > 0;
  });
  return code;
}

const DEFAULTS = {
  visibility: 'everyone',
  uploadsOpenAt: null,
  uploadsCloseAt: null,
  guestOriginals: true,
} as const;

/** Publishes the couple's settings as events does, and waits until media's read model holds them. */
async function setPrivacy(code: string, settings: Partial<Omit<PrivacyChangedData, 'code'>>): Promise<void> {
  const data = { ...DEFAULTS, ...settings, code };
  await publish(Subjects.PrivacyChanged, data);
  await waitFor('the settings in the read model', async () => {
    const [row]: { open: Date | null; close: Date | null; originals: boolean }[] = await db.query(
      'SELECT uploads_open_at AS open, uploads_close_at AS close, guest_originals AS originals FROM galleries WHERE code = $1',
      [code],
    );
    return (
      row.originals === data.guestOriginals &&
      (row.open?.toISOString() ?? null) ===
        (data.uploadsOpenAt && new Date(data.uploadsOpenAt).toISOString()) &&
      (row.close?.toISOString() ?? null) ===
        (data.uploadsCloseAt && new Date(data.uploadsCloseAt).toISOString())
    );
  });
}

const photoBytes = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();

async function requestSlot(
  code: string,
  body: Buffer,
): Promise<GraphQLAnswer<{ requestPhotoUploads: Slot[] }>> {
  return graphql<{ requestPhotoUploads: Slot[] }>(REQUEST_UPLOADS, {
    code,
    files: [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }],
  });
}

const CONFIRM =
  'mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id eventCode } }';

async function uploadPhoto(code: string): Promise<LivePhoto> {
  const body = await photoBytes();
  const slot = (await requestSlot(code, body)).data!.requestPhotoUploads[0];
  expect((await putToSlot(slot, body)).status).toBe(200);
  const confirmed = await graphql<{ confirmPhotoUpload: LivePhoto }>(CONFIRM, { code, id: slot.uploadId });
  expect(confirmed.errors).toBeUndefined();
  return confirmed.data!.confirmPhotoUpload;
}

/** The status of a photo link as the gateway forwards it, with the caller's Authorization when given. */
async function fetchLink(photoId: string, variant: string, authorization?: string) {
  const call = request(app!.getHttpServer()).get(`/media/photos/${photoId}/${variant}`);
  if (authorization) call.set('Authorization', authorization);
  return call;
}

const hours = (count: number) => new Date(Date.now() + count * 60 * 60 * 1000).toISOString();

beforeAll(async () => {
  platform = await startTestPlatform();
  const storage = {
    endpoint: platform.s3.endpoint,
    region: platform.s3.region,
    accessKeyId: platform.s3.accessKeyId,
    secretAccessKey: platform.s3.secretAccessKey,
    bucket: 'media-privacy-test',
  };
  app = await createApp(
    new MediaConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: await platform.postgres.createDatabase(),
      natsUrl: platform.nats.url,
      storage,
      publicUrl: 'http://localhost:5000',
      storageDeletionIntervalMs: DAY,
      previewSweepIntervalMs: DAY,
    }),
    { logger: ['error'] },
  );
  db = app.get(DataSource);
  bus = await EventBus.connect(platform.nats.url, 'media-privacy-test');
  // The events service's answer for a gallery without a PIN: every guest admitted.
  bus.nc.subscribe(Requests.GuestAdmission, {
    callback: (_error, message) => {
      message.respond(JSON.stringify({ admitted: true }));
    },
  });
  await bus.nc.flush();
  // A stand-in for the events service's owner check.
  owners = bus.nc.subscribe(Requests.OwnerAuthorization, {
    callback: (_error, message) => {
      const { code, authorization } = ownerAuthorizationRequestSchema.parse(message.json());
      const gallery = {
        code,
        name: 'x',
        plan: 'standard',
        createdAt: new Date().toISOString(),
        expiresAt: new Date(Date.now() + DAY).toISOString(),
      };
      const owner = authorization === ownerOf(code) ? { email: 'o@example.com' } : null;
      message.respond(JSON.stringify({ gallery, owner }));
    },
  });
});

afterAll(async () => {
  owners?.unsubscribe();
  await app?.close();
  await bus?.close();
  await platform?.stop();
});

describe('the upload window', () => {
  it.each([
    ['no window', 'a slot', {}],
    ['opened an hour ago, closing tonight', 'a slot', { uploadsOpenAt: hours(-1), uploadsCloseAt: hours(6) }],
    ['opening in an hour', 'UPLOADS_NOT_OPEN', { uploadsOpenAt: hours(1) }],
    [
      'closed a minute ago',
      'UPLOADS_CLOSED',
      { uploadsCloseAt: new Date(Date.now() - 60_000).toISOString() },
    ],
  ] as const)('with %s, a slot request gets %s', async (_what, refusal, window) => {
    const code = await createGallery();
    await setPrivacy(code, window);
    const answer = await requestSlot(code, await photoBytes());
    if (refusal === 'a slot') {
      expect(answer.errors).toBeUndefined();
      expect(answer.data!.requestPhotoUploads).toHaveLength(1);
    } else {
      expect(answer.errors?.[0].extensions?.code).toBe(refusal);
      expect(answer.errors?.[0].message).toBe(en.errors[refusal]);
    }
  });

  it('refuses the confirmation of a photo sent before the window closed', async () => {
    const code = await createGallery();
    const body = await photoBytes();
    const slot = (await requestSlot(code, body)).data!.requestPhotoUploads[0];
    expect((await putToSlot(slot, body)).status).toBe(200);
    await setPrivacy(code, { uploadsCloseAt: new Date(Date.now() - 1000).toISOString() });
    const confirmed = await graphql(CONFIRM, { code, id: slot.uploadId });
    expect(confirmed.errors?.[0].extensions?.code).toBe('UPLOADS_CLOSED');
    const [{ count }]: { count: string }[] = await db.query(
      'SELECT count(*) FROM photos WHERE event_code = $1',
      [code],
    );
    expect(Number(count)).toBe(0);

    // Opened again (the couple cleared the close time): uploads are taken again.
    await setPrivacy(code, {});
    await uploadPhoto(code);
  });
});

describe("guests' originals", () => {
  type Caller = 'guest' | 'couple' | 'another couple';
  const authorization = (caller: Caller, code: string, other: string) =>
    caller === 'guest' ? undefined : caller === 'couple' ? ownerOf(code) : ownerOf(other);

  // setting x path x caller: what each photo link answers.
  it.each([
    [true, 'original', 'guest', 302],
    [true, 'original', 'couple', 302],
    [false, 'original', 'guest', 403],
    [false, 'original', 'another couple', 403],
    [false, 'original', 'couple', 302],
    [false, 'thumbnail', 'guest', 302],
    [false, 'preview', 'guest', 302],
  ] as const)('originals for guests %s: %s as %s answers %s', async (allowed, variant, caller, status) => {
    const code = await createGallery();
    const other = await createGallery();
    const photo = await uploadPhoto(code);
    await setPrivacy(code, { guestOriginals: allowed });
    const answer = await fetchLink(photo.id, variant, authorization(caller, code, other));
    expect(answer.status).toBe(status);
    if (status === 403) {
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.body).toEqual({
        errors: [
          {
            message: en.errors.ORIGINALS_NOT_ALLOWED,
            extensions: { code: 'ORIGINALS_NOT_ALLOWED' },
          },
        ],
      });
    } else {
      expect(answer.headers.location).toMatch(/^http/);
    }
  });

  it('gives the couple a link to the original through photoOriginalUrl, and nobody else', async () => {
    const code = await createGallery();
    const other = await createGallery();
    const photo = await uploadPhoto(code);
    await setPrivacy(code, { guestOriginals: false });
    const QUERY = 'query ($id: ID!) { photoOriginalUrl(id: $id) }';
    expect((await graphql(QUERY, { id: photo.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await graphql(QUERY, { id: photo.id }, ownerOf(other))).errors?.[0].extensions?.code).toBe(
      'NOT_GALLERY_OWNER',
    );
    const link = await graphql<{ photoOriginalUrl: string }>(QUERY, { id: photo.id }, ownerOf(code));
    expect(link.errors).toBeUndefined();
    const original = await fetch(link.data!.photoOriginalUrl);
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toMatch(/^attachment/);
    await original.arrayBuffer();
  });
});
