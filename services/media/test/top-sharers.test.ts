import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { galleryCodeFromBytes, ownerAuthorizationRequestSchema, Requests } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, EventBus } from '@gallery/platform';
import { startTestPlatform, type TestPlatform } from '@gallery/testing';
import { createApp, MediaConfig } from '../src/index.js';

// The couple's analytics: who shared most (owner only), read from the photos media holds.

const DAY = 24 * 60 * 60 * 1000;
const OWNER = 'Bearer owner-token';

let platform: TestPlatform | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let db: DataSource;
let owners: { unsubscribe(): void } | undefined;

const TOP = `query ($code: String!) { topSharers(eventCode: $code) { guestName photoCount heartCount } }`;
type TopAnswer = {
  data?: { topSharers: { guestName: string | null; photoCount: number; heartCount: number }[] } | null;
  errors?: { extensions?: { code?: string } }[];
};

async function topSharers(code: string, authorization?: string): Promise<TopAnswer> {
  const call = request(app!.getHttpServer())
    .post('/graphql')
    .set(CLIENT_ADDRESS_HEADER, '203.0.113.9')
    .send({ query: TOP, variables: { code } });
  if (authorization) call.set('Authorization', authorization);
  return (await call).body as TopAnswer;
}

interface Shared {
  uploader: string | null;
  name: string | null;
  hearts?: number;
  review?: string;
}

async function addPhotos(code: string, photos: Shared[]): Promise<void> {
  for (const [index, photo] of photos.entries()) {
    const id = randomUUID();
    await db.query(
      `INSERT INTO photos (id, event_code, original_key, file_name, content_type, size, width, height, kind,
                           created_at, uploader_id, guest_name, heart_count, review)
       VALUES ($1, $2, $3, 'IMG.JPG', 'image/jpeg', 100, 4, 3, 'photo', $4, $5, $6, $7, $8)`,
      [
        id,
        code,
        `originals/${id}`,
        new Date(Date.now() - DAY + index * 1000),
        photo.uploader,
        photo.name,
        photo.hearts ?? 0,
        photo.review ?? 'approved',
      ],
    );
  }
}

beforeAll(async () => {
  platform = await startTestPlatform();
  app = await createApp(
    new MediaConfig({
      host: '127.0.0.1',
      port: 0,
      databaseUrl: await platform.postgres.createDatabase(),
      natsUrl: platform.nats.url,
      storage: {
        endpoint: platform.s3.endpoint,
        region: platform.s3.region,
        accessKeyId: platform.s3.accessKeyId,
        secretAccessKey: platform.s3.secretAccessKey,
        bucket: 'media-sharers-test',
      },
      publicUrl: 'http://localhost:5000',
      storageDeletionIntervalMs: DAY,
      previewSweepIntervalMs: DAY,
      guestIdentityKey: randomBytes(32).toString('base64url'),
    }),
    { logger: ['error'] },
  );
  db = app.get(DataSource);
  bus = await EventBus.connect(platform.nats.url, 'media-sharers-test');
  // A stand-in for the events service's owner check: one owner token owns every gallery.
  owners = bus.nc.subscribe(Requests.OwnerAuthorization, {
    callback: (_error, message) => {
      const { code, authorization } = ownerAuthorizationRequestSchema.parse(message.json());
      const now = new Date().toISOString();
      message.respond(
        JSON.stringify({
          gallery: { code, name: 'x', plan: 'free', createdAt: now, expiresAt: now },
          owner: authorization === OWNER ? { email: 'o@example.com' } : null,
        }),
      );
    },
  });
});

afterAll(async () => {
  owners?.unsubscribe();
  await app?.close();
  await bus?.close();
  await platform?.stop();
});

describe('top sharers', () => {
  it('ranks guests by the photos the gallery shows, by their latest name, "no name" kept as null', async () => {
    const code = galleryCodeFromBytes(randomBytes(8));
    await addPhotos(code, [
      // One browser: named Ana, then Anna: one guest, known by the latest name.
      { uploader: 'browser-ana', name: 'Ana', hearts: 1 },
      { uploader: 'browser-ana', name: 'Anna', hearts: 2 },
      { uploader: 'browser-ana', name: null },
      // A guest who never gave a name.
      { uploader: 'browser-x', name: null, hearts: 5 },
      { uploader: 'browser-x', name: null },
      // Waiting for approval, or the couple's own: not counted.
      { uploader: 'browser-marc', name: 'Marc', review: 'waiting' },
      { uploader: null, name: null },
      // No identity (an older upload): known by its name.
      { uploader: null, name: 'Lucía' },
    ]);

    const answer = await topSharers(code, OWNER);
    expect(answer.errors).toBeUndefined();
    expect(answer.data!.topSharers).toEqual([
      { guestName: 'Anna', photoCount: 3, heartCount: 3 },
      { guestName: null, photoCount: 2, heartCount: 5 },
      { guestName: 'Lucía', photoCount: 1, heartCount: 0 },
    ]);
  });

  it('answers the owner only', async () => {
    const code = galleryCodeFromBytes(randomBytes(8));
    await addPhotos(code, [{ uploader: 'browser-a', name: 'Anna' }]);
    expect((await topSharers(code)).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect((await topSharers(code, 'Bearer someone-else')).errors?.[0]?.extensions?.code).toBe(
      'NOT_GALLERY_OWNER',
    );
  });
});
