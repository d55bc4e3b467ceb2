import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, jest } from '@jest/globals';
import { ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import { DataSource } from 'typeorm';
import { Subjects, type DomainEvent, type LivePhoto } from '@gallery/contracts';
import { EventBus } from '@gallery/platform';
import { publishAsRelay, waitFor } from '@gallery/testing';
import { ImageWorkQueue } from '../src/images/image-work-queue.js';
import { PhotoPreviews } from '../src/photos/photo-previews.js';
import { StorageDeletions } from '../src/storage/storage-deletions.js';
import { holdPreviewOf } from './held-previews.js';
import { putToSlot, REQUEST_UPLOADS, type Slot } from './guest-upload.js';
import { ownerOf, startMedia, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let s3: S3Client | undefined;
let db: DataSource;

const graphql = <T>(query: string, variables: object, authorization?: string) =>
  media!.graphql<T>(query, variables, { authorization });

const createGallery = () => media!.createGallery({ plan: 'free' });

const BUCKET = 'media-removal-test';

async function uploadPhoto(code: string, width = 300): Promise<LivePhoto> {
  const body = await sharp({ create: { width, height: 200, channels: 3, background: '#c96' } })
    .jpeg()
    .toBuffer();
  const slots = await graphql<{ requestPhotoUploads: Slot[] }>(REQUEST_UPLOADS, {
    code,
    files: [{ fileName: 'IMG.JPG', contentType: 'image/jpeg', size: body.length }],
  });
  const slot = slots.data!.requestPhotoUploads[0];
  expect((await putToSlot(slot, body)).status).toBe(200);
  const confirmed = await graphql<{ confirmPhotoUpload: LivePhoto }>(
    'mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id eventCode } }',
    { code, id: slot.uploadId },
  );
  expect(confirmed.errors).toBeUndefined();
  return confirmed.data!.confirmPhotoUpload;
}

async function keysUnder(prefix: string): Promise<string[]> {
  const listing = await s3!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: prefix }));
  return (listing.Contents ?? []).map((object) => object.Key!);
}

const REMOVE = 'mutation ($id: ID!) { removePhoto(id: $id) }';

/**
 * Uploads a photo of `width` to a new gallery and runs `meanwhile` while its preview is being made (held before
 * its encode), then lets the build finish: the photo, and whether its build recorded the preview.
 */
async function whilePreviewIsMade(
  width: number,
  meanwhile: (photo: LivePhoto, code: string) => Promise<void>,
): Promise<{ photo: LivePhoto; recorded: boolean }> {
  const code = await createGallery();
  const held = holdPreviewOf(width);
  const previews = app!.get(PhotoPreviews);
  const makeOne = previews.makeOne.bind(previews);
  const builds: Promise<boolean>[] = [];
  const spy = jest.spyOn(previews, 'makeOne').mockImplementation((...args) => {
    const build = makeOne(...args);
    builds.push(build);
    return build;
  });
  try {
    const photo = await uploadPhoto(code, width);
    await held.started;
    await meanwhile(photo, code);
    held.release();
    const [recorded, ...others] = await Promise.all(builds);
    expect(others).toEqual([]);
    return { photo, recorded };
  } finally {
    held.release();
    held.restore();
    spy.mockRestore();
  }
}

/** Every object still in storage under a photo's folders, once the deletions queue has run. */
async function leftAfterDeletions(photoId: string): Promise<string[]> {
  await media!.runDeletionsUnder(`photos/${photoId}/`);
  return keysUnder(`photos/${photoId}/`);
}

beforeAll(async () => {
  media = await startMedia({
    bucket: BUCKET,
    owners: { plan: 'free', expiresInMs: 0 },
  });
  ({ app, bus, db, s3 } = media);
});

afterAll(() => media?.stop());

describe('photo removal', () => {
  it('lets only the owner remove a photo: its row, count and objects go, photo.deleted goes out', async () => {
    const code = await createGallery();
    const other = await createGallery();
    const photo = await uploadPhoto(code);
    await uploadPhoto(code);
    expect(await keysUnder(`photos/${photo.id}/`)).not.toEqual([]);

    expect((await graphql(REMOVE, { id: photo.id })).errors?.[0].extensions?.code).toBe('UNAUTHENTICATED');
    expect((await graphql(REMOVE, { id: photo.id }, ownerOf(other))).errors?.[0].extensions?.code).toBe(
      'NOT_GALLERY_OWNER',
    );
    expect((await graphql(REMOVE, { id: randomUUID() }, ownerOf(code))).errors?.[0].extensions?.code).toBe(
      'PHOTO_NOT_FOUND',
    );

    const deleted = bus!.nc.subscribe(Subjects.PhotoDeleted);
    const removed = await graphql<{ removePhoto: number }>(REMOVE, { id: photo.id }, ownerOf(code));
    expect(removed).toEqual({ data: { removePhoto: 1 } });
    for await (const message of deleted) {
      const event = message.json<DomainEvent<typeof Subjects.PhotoDeleted>>();
      if (event.data.photoId !== photo.id) continue;
      expect(event.data).toEqual({
        photoId: photo.id,
        eventCode: code,
        photoCount: 1,
        challengeId: null,
        tableNumber: null,
      });
      break;
    }
    expect(await db.query('SELECT 1 FROM photos WHERE id = $1', [photo.id])).toEqual([]);
    await app!.get(StorageDeletions).processOnce();
    await waitFor('objects deleted', async () => (await keysUnder(`photos/${photo.id}/`)).length === 0);
  });
});

describe('a removal racing the preview made after the commit', () => {
  it('deletes a preview still being made when its photo was removed, recording nothing', async () => {
    const { photo, recorded } = await whilePreviewIsMade(301, async (photo, code) => {
      // The build holds no lock while it makes the preview: the removal goes through at once.
      const removal = await graphql<{ removePhoto: number }>(REMOVE, { id: photo.id }, ownerOf(code));
      expect(removal.errors).toBeUndefined();
    });
    expect(recorded).toBe(false);

    expect(await db.query('SELECT 1 FROM photos WHERE id = $1', [photo.id])).toEqual([]);
    expect(await leftAfterDeletions(photo.id)).toEqual([]);
  });

  it('records no preview for a photo removed before its build had its turn, and leaves none', async () => {
    const code = await createGallery();
    // Earlier tests' previews are all made, so the one build held below is this photo's.
    await waitFor(
      'earlier previews',
      async () => (await db.query('SELECT 1 FROM photos WHERE preview_pending')).length === 0,
    );
    const queue = ImageWorkQueue.prototype;
    const running = queue.runInBackground;
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let build: Promise<unknown> | undefined;
    const spy = jest.spyOn(queue, 'runInBackground').mockImplementationOnce(function <T>(
      this: ImageWorkQueue,
      work: () => Promise<T>,
    ) {
      const later = released.then(() => running.call(this, work) as Promise<T>);
      build = later;
      return later;
    });
    try {
      const photo = await uploadPhoto(code, 302);
      expect(build).toBeDefined();
      expect(await graphql<{ removePhoto: number }>(REMOVE, { id: photo.id }, ownerOf(code))).toEqual({
        data: { removePhoto: 0 },
      });
      release();
      expect(await build).toBe(false);

      expect(await leftAfterDeletions(photo.id)).toEqual([]);
    } finally {
      release();
      spy.mockRestore();
    }
  });

  it('purges a gallery ending while a preview is being built, that preview included', async () => {
    const { photo, recorded } = await whilePreviewIsMade(303, async (_photo, code) => {
      await publishAsRelay(bus!, {
        id: randomUUID(),
        type: Subjects.EventExpired,
        occurredAt: new Date().toISOString(),
        data: { code, reason: 'deleted' },
      });
      await waitFor(
        'the read model purged',
        async () => (await db.query('SELECT 1 FROM galleries WHERE code = $1', [code])).length === 0,
      );
    });
    expect(recorded).toBe(false);

    expect(await leftAfterDeletions(photo.id)).toEqual([]);
  });
});

describe('a preview whose reservation ran out while it was made', () => {
  it('is not recorded, its object goes, and the photo waits for the sweep', async () => {
    const { photo, recorded } = await whilePreviewIsMade(304, async (photo) => {
      // As a deletion run would once the reservation outlived its deadline (the object not written yet).
      const [, taken] = (await db.query('DELETE FROM storage_deletions WHERE object_key LIKE $1', [
        `photos/${photo.id}/%/preview.jpg`,
      ])) as [unknown, number];
      expect(taken).toBe(1);
    });
    expect(recorded).toBe(false);

    expect(
      await db.query('SELECT preview_pending, preview_key FROM photos WHERE id = $1', [photo.id]),
    ).toEqual([{ preview_pending: true, preview_key: null }]);
    expect((await leftAfterDeletions(photo.id)).filter((key) => key.endsWith('/preview.jpg'))).toEqual([]);
  });
});

describe('the end of a gallery', () => {
  it('purges photos, uploads, derived images and the read model on event.expired', async () => {
    const code = await createGallery();
    const photos = [await uploadPhoto(code), await uploadPhoto(code)];
    await publishAsRelay(bus!, {
      id: randomUUID(),
      type: Subjects.EventExpired,
      occurredAt: new Date().toISOString(),
      data: { code, reason: 'deleted' },
    });
    await waitFor(
      'the read model purged',
      async () => (await db.query('SELECT 1 FROM galleries WHERE code = $1', [code])).length === 0,
    );
    expect(await db.query('SELECT 1 FROM photos WHERE event_code = $1', [code])).toEqual([]);
    expect(await db.query('SELECT 1 FROM uploads WHERE event_code = $1', [code])).toEqual([]);
    // The service runs the queue too after a purge, and a preview being made when the purge came schedules its
    // own deletion once stored: run the queue until every object is gone.
    const deletions = app!.get(StorageDeletions);
    for (const photo of photos) {
      await waitFor(`the objects of ${photo.id} deleted`, async () => {
        while ((await deletions.processOnce()) > 0);
        return (await keysUnder(`photos/${photo.id}/`)).length === 0;
      });
    }
    // Originals checked in place, at their uploads' keys: gone too, and deleted again once no upload URL can
    // PUT them back.
    const staged = photos.map((photo) => `staging/${photo.id}`);
    for (const key of staged) expect(await keysUnder(key)).toEqual([]);
    const later: { object_key: string }[] = await db.query(
      'SELECT object_key FROM storage_deletions WHERE not_before > now() AND object_key = ANY($1) ORDER BY 1',
      [staged],
    );
    expect(later.map((row) => row.object_key)).toEqual([...staged].sort());
  });
});
