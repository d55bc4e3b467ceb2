// Two media replicas on one database, one NATS and one bucket, as the product scales out: an upload asked for
// through one is confirmed through the other, each domain event is handled by one of them once, and a replica
// answers other requests while it works on a large photo.
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { galleryCodeFromBytes, Subjects, type DomainEvent, type LivePhoto } from '@gallery/contracts';
import { CLIENT_ADDRESS_HEADER, EventBus } from '@gallery/platform';
import { publishAsRelay, waitFor } from '@gallery/testing';
import { GalleryRepository } from '../src/galleries/gallery.repository.js';
import { ImageProcessor, type ImageSource } from '../src/images/image-processor.js';
import { ImageWorkQueue } from '../src/images/image-work-queue.js';
import { PhotoPreviews } from '../src/photos/photo-previews.js';
import { putToSlot, REQUEST_UPLOADS, type Slot } from './guest-upload.js';
import { startMedia, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let replicas: INestApplication[] = [];
let bus: EventBus | undefined;
let db: DataSource;
const recordCreated = jest.spyOn(GalleryRepository.prototype, 'recordCreated');

beforeAll(async () => {
  media = await startMedia({ bucket: 'media-replicas-test', replicas: 2 });
  ({ apps: replicas, bus, db } = media);
});

afterAll(async () => {
  await media?.stop();
  replicas = [];
  recordCreated.mockRestore();
});

async function graphql<T>(replica: INestApplication, query: string, variables: Record<string, unknown>) {
  const response = await request(replica.getHttpServer())
    .post('/graphql')
    .set(CLIENT_ADDRESS_HEADER, randomUUID())
    .send({ query, variables });
  expect(response.status).toBe(200);
  return response.body as { data?: T; errors?: { message: string }[] };
}

function eventCreated(code: string): DomainEvent<typeof Subjects.EventCreated> {
  return {
    id: randomUUID(),
    type: Subjects.EventCreated,
    occurredAt: new Date().toISOString(),
    data: {
      code,
      name: 'Sarah & Mike',
      plan: 'premium',
      createdAt: new Date().toISOString(),
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000).toISOString(),
    },
  };
}

async function galleryCount(codes: string[]): Promise<number> {
  const [{ count }] = await db.query('SELECT count(*)::int AS count FROM galleries WHERE code = ANY($1)', [
    codes,
  ]);
  return count;
}

async function createGallery(): Promise<string> {
  const code = galleryCodeFromBytes(randomBytes(8));
  await publishAsRelay(bus!, eventCreated(code));
  await waitFor(`gallery ${code}`, async () => (await galleryCount([code])) === 1);
  return code;
}

const CONFIRM = `mutation ($code: String!, $id: ID!) {
  confirmPhotoUpload(eventCode: $code, uploadId: $id) { id thumbnailUrl width height }
}`;

async function uploadThrough(replica: INestApplication, code: string, bytes: Buffer): Promise<string> {
  const answer = await graphql<{ requestPhotoUploads: Slot[] }>(replica, REQUEST_UPLOADS, {
    code,
    files: [{ fileName: 'IMG_0001.JPG', contentType: 'image/jpeg', size: bytes.length }],
  });
  expect(answer.errors).toBeUndefined();
  const [slot] = answer.data!.requestPhotoUploads;
  expect((await putToSlot(slot, bytes)).status).toBe(200);
  return slot.uploadId;
}

describe('two media replicas', () => {
  it('handles each domain event once between them, through their shared durable consumer', async () => {
    const codes = Array.from({ length: 20 }, () => galleryCodeFromBytes(randomBytes(8)));
    recordCreated.mockClear();

    for (const code of codes) await publishAsRelay(bus!, eventCreated(code));

    await waitFor(
      'every gallery in the read model',
      async () => (await galleryCount(codes)) === codes.length,
    );
    const handled = recordCreated.mock.calls
      .map(([, gallery]) => gallery.code)
      .filter((code) => codes.includes(code))
      .sort();
    expect(handled).toEqual([...codes].sort());
  });

  it('confirms through one replica an upload asked for through the other, and both serve the photo', async () => {
    const code = await createGallery();
    const bytes = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#c96' } })
      .jpeg()
      .toBuffer();
    const uploadId = await uploadThrough(replicas[0], code, bytes);

    const answer = await graphql<{ confirmPhotoUpload: LivePhoto }>(replicas[1], CONFIRM, {
      code,
      id: uploadId,
    });

    expect(answer.errors).toBeUndefined();
    expect(answer.data!.confirmPhotoUpload).toMatchObject({ id: uploadId, width: 800, height: 600 });
    const path = new URL(answer.data!.confirmPhotoUpload.thumbnailUrl).pathname;
    for (const replica of replicas)
      expect((await request(replica.getHttpServer()).get(path)).status).toBe(302);
  });

  it('shares the sweep of lost previews: run at once on both, each preview is made once', async () => {
    const code = await createGallery();
    const lost = 4;
    // Their previews' builds fail after the commit (as when storage fails), so they are left to the sweep.
    const making = ImageProcessor.prototype.preview;
    const failing = jest.spyOn(ImageProcessor.prototype, 'preview').mockImplementation(async function (
      this: ImageProcessor,
      source: ImageSource,
    ) {
      if (source.width === 640) throw new Error('storage went away');
      return making.call(this, source);
    });
    const ids: string[] = [];
    try {
      for (let i = 0; i < lost; i++) {
        const bytes = await sharp({
          create: { width: 640, height: 480 + i, channels: 3, background: '#69c' },
        })
          .jpeg()
          .toBuffer();
        const uploadId = await uploadThrough(replicas[i % 2], code, bytes);
        const answer = await graphql(replicas[i % 2], CONFIRM, { code, id: uploadId });
        expect(answer.errors).toBeUndefined();
        ids.push(uploadId);
      }
      await waitFor('every failed build', async () => failing.mock.calls.length >= lost);
    } finally {
      failing.mockRestore();
    }
    await waitFor('the failed builds to let go of their photos', async () => {
      const free: unknown[] = await db.query(
        'SELECT 1 FROM photos WHERE id = ANY($1) FOR UPDATE SKIP LOCKED',
        [ids],
      );
      return free.length === lost;
    });
    await db.query(`UPDATE photos SET created_at = now() - interval '1 hour' WHERE id = ANY($1)`, [ids]);
    const made = jest.spyOn(ImageProcessor.prototype, 'preview');

    const counts = await Promise.all(replicas.map((replica) => replica.get(PhotoPreviews).sweepOnce()));

    const madeCount = made.mock.calls.length;
    made.mockRestore();
    expect(counts[0] + counts[1]).toBe(lost);
    expect(madeCount).toBe(lost);
    const rows: { preview_pending: boolean; preview_key: string | null }[] = await db.query(
      'SELECT preview_pending, preview_key FROM photos WHERE id = ANY($1)',
      [ids],
    );
    expect(rows.filter((row) => !row.preview_pending && row.preview_key)).toHaveLength(lost);
  }, 60_000);

  it('answers another request while it works on a 12-megapixel photo', async () => {
    const code = await createGallery();
    // 4000x3000 of noise: a phone photo's cost to decode and resize.
    const noise = randomBytes(4000 * 3000 * 3);
    const bytes = await sharp(noise, { raw: { width: 4000, height: 3000, channels: 3 } })
      .jpeg({ quality: 80 })
      .toBuffer();
    const uploadId = await uploadThrough(replicas[0], code, bytes);
    const finished: string[] = [];

    const confirming = graphql<{ confirmPhotoUpload: LivePhoto }>(replicas[0], CONFIRM, {
      code,
      id: uploadId,
    }).then((answer) => {
      finished.push('confirm');
      return answer;
    });
    const work = replicas[0].get(ImageWorkQueue);
    await waitFor('the photo in the image work queue', async () => work.running > 0);
    expect(finished).toEqual([]);
    const health = await request(replicas[0].getHttpServer()).get('/health');
    finished.push('health');

    expect(health.status).toBe(200);
    expect((await confirming).errors).toBeUndefined();
    expect(finished).toEqual(['health', 'confirm']);
  }, 60_000);
});
