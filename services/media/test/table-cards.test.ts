import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { archivePhotoSchema, Requests, type GalleryPhotosReply } from '@gallery/contracts';
import { EventBus } from '@gallery/platform';
import { putToSlot, type Slot } from './guest-upload.js';
import { DAY, startMedia, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let bus: EventBus | undefined;
let db: DataSource;

const graphql = <T>(query: string, variables: object) => media!.graphql<T>(query, variables);

const createGallery = () => media!.createGallery({ expiresAt: new Date(Date.now() + 30 * DAY) });

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
  media = await startMedia({
    bucket: 'media-table-cards-test',
  });
  ({ bus, db } = media);
  photo = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();
});

afterAll(() => media?.stop());

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
