import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  archivePhotoSchema,
  galleryCodeFromBytes,
  Requests,
  Subjects,
  type DomainEvent,
  type GalleryPhotosReply,
  type Subject,
} from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, EventBus } from '@gallery/platform';
import { startTestPlatform, type TestPlatform, waitFor } from '@gallery/testing';
import { createApp, MediaConfig } from '../src/index.js';
import { putToSlot, type Slot } from './guest-upload.js';
import { admitEveryGuest } from './events-stand-in.js';

const DAY = 24 * 60 * 60 * 1000;

let platform: TestPlatform | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let db: DataSource;

interface GraphQLAnswer<T> {
  data?: T;
  errors?: { message: string; extensions?: { code?: string } }[];
}

async function graphql<T>(query: string, variables: object): Promise<GraphQLAnswer<T>> {
  const answer = await request(app!.getHttpServer())
    .post('/graphql')
    .set(CLIENT_ADDRESS_HEADER, randomUUID())
    .send({ query, variables });
  return answer.body as GraphQLAnswer<T>;
}

function publish<S extends Subject>(type: S, data: DomainEvent<S>['data']): Promise<void> {
  return bus!.publish({ id: randomUUID(), type, occurredAt: new Date().toISOString(), data } as DomainEvent);
}

async function createGallery(): Promise<string> {
  const code = galleryCodeFromBytes(randomBytes(8));
  await publish(Subjects.EventCreated, {
    code,
    name: 'Sarah & Mike',
    plan: 'standard',
    createdAt: new Date().toISOString(),
    expiresAt: new Date(Date.now() + 30 * DAY).toISOString(),
  });
  await waitFor(
    'the read model',
    async () => (await db.query('SELECT 1 FROM galleries WHERE code = $1', [code])).length,
  );
  return code;
}

const REQUEST = `mutation ($code: String!, $files: [PhotoUploadRequest!]!, $table: Int) {
  requestPhotoUploads(eventCode: $code, files: $files, table: $table) {
    uploadId uploadUrl headers { name value } multipart { partSize partCount }
  }
}`;
const CONFIRM = `mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id } }`;

let photo: Buffer;

function requestSlot(code: string, table: number | null) {
  return graphql<{ requestPhotoUploads: Slot[] }>(REQUEST, {
    code,
    files: [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: photo.length }],
    table,
  });
}

/** A guest's photo uploaded from the link of a table's card (or from the plain link: null). */
async function uploadFromTable(code: string, table: number | null): Promise<string> {
  const slots = await requestSlot(code, table);
  expect(slots.errors).toBeUndefined();
  const slot = slots.data!.requestPhotoUploads[0];
  expect((await putToSlot(slot, photo)).status).toBe(200);
  const confirmed = await graphql<{ confirmPhotoUpload: { id: string } }>(CONFIRM, {
    code,
    id: slot.uploadId,
  });
  expect(confirmed.errors).toBeUndefined();
  return confirmed.data!.confirmPhotoUpload.id;
}

interface TablesView {
  tables: { number: number; photoCount: number }[];
  photos: { nodes: { id: string }[]; hasMore: boolean };
}

async function tablesView(code: string, table: number | null) {
  return graphql<{ _entities: TablesView[] }>(
    `
      query ($reps: [_Any!]!, $table: Int) {
        _entities(representations: $reps) {
          ... on Event {
            tables {
              number
              photoCount
            }
            photos(first: 10, table: $table) {
              nodes {
                id
              }
              hasMore
            }
          }
        }
      }
    `,
    { reps: [{ __typename: 'Event', code }], table },
  );
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
        bucket: 'media-table-cards-test',
      },
      publicUrl: 'http://localhost:5000',
      storageDeletionIntervalMs: DAY,
      previewSweepIntervalMs: DAY,
    }),
    { logger: ['error'] },
  );
  db = app.get(DataSource);
  bus = await EventBus.connect(platform.nats.url, 'media-table-cards-test');
  await admitEveryGuest(bus);
  photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();
});

afterAll(async () => {
  await app?.close();
  await bus?.close();
  await platform?.stop();
});

describe('table cards in media', () => {
  it("tags the photos uploaded from a table's card with its table: the filter, the counts and the zip's list", async () => {
    const code = await createGallery();
    const fromFive = [await uploadFromTable(code, 5), await uploadFromTable(code, 5)];
    const fromTwo = await uploadFromTable(code, 2);
    const plain = await uploadFromTable(code, null);

    const five = await tablesView(code, 5);
    expect(five.errors).toBeUndefined();
    const view = five.data!._entities[0];
    expect(view.tables).toEqual([
      { number: 2, photoCount: 1 },
      { number: 5, photoCount: 2 },
    ]);
    expect(view.photos.nodes.map((node) => node.id).sort()).toEqual([...fromFive].sort());
    const two = (await tablesView(code, 2)).data!._entities[0];
    expect(two.photos.nodes.map((node) => node.id)).toEqual([fromTwo]);
    const none = (await tablesView(code, 7)).data!._entities[0];
    expect(none.photos.nodes).toEqual([]);
    const all = (await tablesView(code, null)).data!._entities[0];
    expect(all.photos.nodes).toHaveLength(4);

    // Download All's BY_TABLE layout reads each photo's table from the list media hands the download service.
    const reply = (
      await bus!.nc.request(Requests.GalleryPhotos, JSON.stringify({ code, limit: 10 }), { timeout: 5000 })
    ).json<GalleryPhotosReply>();
    const tables = Object.fromEntries(
      reply.photos.map((entry) => [entry.id, archivePhotoSchema.parse(entry).tableNumber]),
    );
    expect(tables).toEqual({ [fromFive[0]]: 5, [fromFive[1]]: 5, [fromTwo]: 2, [plain]: null });
  });

  it('refuses a table out of range, on upload and on the filter', async () => {
    const code = await createGallery();
    for (const table of [0, 201, -3]) {
      const refused = await requestSlot(code, table);
      expect(refused.errors?.[0]?.extensions?.code).toBe('TABLE_NUMBER_INVALID');
      const filtered = await tablesView(code, table);
      expect(filtered.errors?.[0]?.extensions?.code).toBe('TABLE_NUMBER_INVALID');
    }
    expect((await db.query('SELECT 1 FROM uploads WHERE event_code = $1', [code])).length).toBe(0);
  });
});
