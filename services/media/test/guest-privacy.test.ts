import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { GetObjectCommand, ListObjectsV2Command, type S3Client } from '@aws-sdk/client-s3';
import type { INestApplication } from '@nestjs/common';
import sharp from 'sharp';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { en, RequestContracts, Subjects, type DomainEvent, type LivePhoto } from '@gallery/contracts';
import { askService, EventBus } from '@gallery/platform';
import { waitFor } from '@gallery/testing';
import { GuestCopySweep } from '../src/guest-copies/guest-copy.sweep.js';
import { putToSlot, REQUEST_UPLOADS, type Slot } from './guest-upload.js';
import { publishPrivacy } from './events-stand-in.js';
import { ownerOf, startMedia, type MediaHarness } from './harness.js';

let media: MediaHarness | undefined;
let app: INestApplication | undefined;
let bus: EventBus | undefined;
let s3: S3Client | undefined;
let db: DataSource;
let folder: string;

const graphql = <T>(query: string, variables: object, authorization?: string, guestIdentity?: string) =>
  media!.graphql<T>(query, variables, { authorization, guestIdentity });

const createGallery = () => media!.createGallery({ plan: 'free' });

const BUCKET = 'media-guest-privacy-test';
const exec = promisify(execFile);

/** A phone's JPEG: where it was taken, the camera's serial number and its owner's name in its EXIF. */
async function gpsTaggedJpeg(): Promise<Buffer> {
  const file = path.join(folder, `${randomUUID()}.jpg`);
  await writeFile(
    file,
    await sharp({ create: { width: 320, height: 240, channels: 3, background: '#8a5' } })
      .composite([
        { input: Buffer.alloc(30, 200), raw: { width: 10, height: 1, channels: 3 }, left: 3, top: 4 },
      ])
      .jpeg({ quality: 90 })
      .toBuffer(),
  );
  await exec('exiftool', [
    ...['-q', '-overwrite_original', '-GPSLatitude=48.8584', '-GPSLatitudeRef=N'],
    ...['-GPSLongitude=2.2945', '-GPSLongitudeRef=E', '-SerialNumber=BODY-123', '-OwnerName=Ben Owner'],
    file,
  ]);
  return readFile(file);
}

/** What exiftool reads in some bytes, by group:tag. */
async function tagsOf(bytes: Buffer): Promise<Record<string, unknown>> {
  const file = path.join(folder, randomUUID());
  await writeFile(file, bytes);
  const { stdout } = await exec('exiftool', ['-j', '-G', '-n', file]);
  return (JSON.parse(stdout) as Record<string, unknown>[])[0];
}

const gpsTags = (tags: Record<string, unknown>) => Object.keys(tags).filter((name) => /GPS/.test(name));

async function upload(code: string, body: Buffer, guestIdentity?: string): Promise<LivePhoto> {
  const slots = await graphql<{ requestPhotoUploads: Slot[] }>(
    REQUEST_UPLOADS,
    { code, files: [{ fileName: 'IMG_0042.JPG', contentType: 'image/jpeg', size: body.length }] },
    undefined,
    guestIdentity,
  );
  const slot = slots.data!.requestPhotoUploads[0];
  expect((await putToSlot(slot, body)).status).toBe(200);
  const confirmed = await graphql<{ confirmPhotoUpload: LivePhoto }>(
    'mutation ($code: String!, $id: ID!) { confirmPhotoUpload(eventCode: $code, uploadId: $id) { id eventCode uploaderId } }',
    { code, id: slot.uploadId },
  );
  expect(confirmed.errors).toBeUndefined();
  return confirmed.data!.confirmPhotoUpload;
}

/** Follows a photo link as a browser does: its redirect, then the presigned URL; the bytes, or the status. */
async function fetchAsGuest(photoId: string, variant: string): Promise<Buffer | number> {
  const answer = await request(app!.getHttpServer()).get(`/media/photos/${photoId}/${variant}`);
  if (answer.status !== 302) return answer.status;
  const object = await fetch(answer.headers.location as string);
  expect(object.status).toBe(200);
  return Buffer.from(await object.arrayBuffer());
}

const ORIGINAL_URL = 'query ($id: ID!) { photoOriginalUrl(id: $id) }';

async function fetchAsOwner(photoId: string, code: string): Promise<Buffer> {
  const link = await graphql<{ photoOriginalUrl: string }>(ORIGINAL_URL, { id: photoId }, ownerOf(code));
  expect(link.errors).toBeUndefined();
  const object = await fetch(link.data!.photoOriginalUrl);
  expect(object.status).toBe(200);
  return Buffer.from(await object.arrayBuffer());
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'guest-privacy-test-'));
  media = await startMedia({ bucket: BUCKET, owners: { plan: 'free', expiresInMs: 0 } });
  ({ app, bus, db, s3 } = media);
});

afterAll(async () => {
  await media?.stop();
  await rm(folder, { recursive: true, force: true });
});

describe('guest copies', () => {
  it("serves guests a GPS-tagged photo's original without its GPS, same pixels; the couple's keeps it", async () => {
    const code = await createGallery();
    const sent = await gpsTaggedJpeg();
    expect(gpsTags(await tagsOf(sent))).toEqual(expect.arrayContaining(['EXIF:GPSLatitude']));
    const photo = await upload(code, sent);

    const guests = (await fetchAsGuest(photo.id, 'original')) as Buffer;
    expect(Buffer.isBuffer(guests)).toBe(true);
    const tags = await tagsOf(guests);
    expect(gpsTags(tags)).toEqual([]);
    expect(tags['EXIF:SerialNumber']).toBeUndefined();
    expect(tags['EXIF:OwnerName']).toBeUndefined();
    const [pixelsSent, pixelsServed] = await Promise.all(
      [sent, guests].map((bytes) => sharp(bytes).raw().toBuffer()),
    );
    expect(pixelsServed.equals(pixelsSent)).toBe(true);
    // The thumbnail and preview are made by sharp, which writes no metadata.
    for (const variant of ['thumbnail', 'preview']) {
      await waitFor(`the ${variant} as it will stay`, async () => {
        const answer = await request(app!.getHttpServer()).get(`/media/photos/${photo.id}/${variant}`);
        return answer.headers['cache-control'] !== 'no-store';
      });
      expect(gpsTags(await tagsOf((await fetchAsGuest(photo.id, variant)) as Buffer))).toEqual([]);
    }

    const couples = await fetchAsOwner(photo.id, code);
    expect(couples.equals(sent)).toBe(true);
    expect(gpsTags(await tagsOf(couples))).toEqual(expect.arrayContaining(['EXIF:GPSLatitude']));
  });

  it("serves the couple the guests' copy when they chose downloads without metadata, the original again when not", async () => {
    const code = await createGallery();
    const sent = await gpsTaggedJpeg();
    const photo = await upload(code, sent);
    const choose = async (keep: boolean) => {
      await publishPrivacy(bus!, code, { ownerDownloadsKeepMetadata: keep });
      await waitFor(`the choice ${keep}`, async () => {
        const rows = (await db.query(
          'SELECT owner_downloads_keep_metadata AS keep FROM galleries WHERE code = $1',
          [code],
        )) as { keep: boolean }[];
        return rows[0]?.keep === keep;
      });
    };

    await choose(false);
    const couples = await fetchAsOwner(photo.id, code);
    const tags = await tagsOf(couples);
    expect(gpsTags(tags)).toEqual([]);
    expect(tags['EXIF:SerialNumber']).toBeUndefined();
    expect(tags['EXIF:OwnerName']).toBeUndefined();
    // Not re-encoded: the same pixels as sent.
    const [pixelsSent, pixelsServed] = await Promise.all(
      [sent, couples].map((bytes) => sharp(bytes).raw().toBuffer()),
    );
    expect(pixelsServed.equals(pixelsSent)).toBe(true);

    // A photo without its copy yet has nothing to give rather than the original.
    await db.query('UPDATE photos SET guest_original_key = NULL WHERE id = $1', [photo.id]);
    const pending = await graphql(ORIGINAL_URL, { id: photo.id }, ownerOf(code));
    expect(pending.errors?.[0].extensions?.code).toBe('ORIGINAL_COPY_PENDING');
    expect(pending.errors?.[0].message).toBe(en.errors.ORIGINAL_COPY_PENDING);

    // One whose copy is still to be made gets it made for this download.
    await db.query('UPDATE photos SET guest_copy_pending = true WHERE id = $1', [photo.id]);
    const madeNow = await fetchAsOwner(photo.id, code);
    expect(gpsTags(await tagsOf(madeNow))).toEqual([]);
    expect((await sharp(madeNow).raw().toBuffer()).equals(pixelsSent)).toBe(true);

    await choose(true);
    const untouched = await fetchAsOwner(photo.id, code);
    expect(untouched.equals(sent)).toBe(true);
    expect(gpsTags(await tagsOf(untouched))).toEqual(expect.arrayContaining(['EXIF:GPSLatitude']));
  });

  it("gives the untouched original to the gallery's owner only", async () => {
    const code = await createGallery();
    const other = await createGallery();
    const photo = await upload(code, await gpsTaggedJpeg());
    const refusal = async (authorization?: string, id = photo.id) =>
      (await graphql(ORIGINAL_URL, { id }, authorization)).errors?.[0].extensions?.code;
    expect(await refusal()).toBe('UNAUTHENTICATED');
    expect(await refusal(ownerOf(other))).toBe('NOT_GALLERY_OWNER');
    expect(await refusal(ownerOf(code), randomUUID())).toBe('PHOTO_NOT_FOUND');
  });

  it("makes a photo's guest copy still to be made when a guest first asks for it", async () => {
    const code = await createGallery();
    const photo = await upload(code, await gpsTaggedJpeg());
    expect(await guestCopyObjects(photo.id)).toEqual([]);

    expect(gpsTags(await tagsOf((await fetchAsGuest(photo.id, 'original')) as Buffer))).toEqual([]);
    const made = await guestCopyObjects(photo.id);
    expect(made).toHaveLength(1);
    expect(await copyRow(photo.id)).toEqual({ pending: false, key: made[0] });
    // Asked again, the same copy.
    expect(gpsTags(await tagsOf((await fetchAsGuest(photo.id, 'original')) as Buffer))).toEqual([]);
    expect(await guestCopyObjects(photo.id)).toEqual(made);
  });

  it('waits for a build of the same copy running elsewhere and serves what that build recorded', async () => {
    const code = await createGallery();
    const photo = await upload(code, await gpsTaggedJpeg());
    // The copy the other replica's build is about to record.
    await fetchAsGuest(photo.id, 'original');
    const [copy] = await guestCopyObjects(photo.id);
    await db.query('UPDATE photos SET guest_original_key = NULL, guest_copy_pending = true WHERE id = $1', [
      photo.id,
    ]);
    // Another replica's build: it holds the photo's row while it makes the copy.
    const replica = db.createQueryRunner();
    await replica.connect();
    try {
      await replica.startTransaction();
      await replica.query('SELECT id FROM photos WHERE id = $1 FOR UPDATE', [photo.id]);
      const asked = fetchAsGuest(photo.id, 'original');
      await waitFor('the request to wait for the row', async () => {
        const waiting = (await db.query(
          `SELECT 1 FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FROM photos%FOR UPDATE'`,
        )) as unknown[];
        return waiting.length > 0;
      });
      await replica.query(
        'UPDATE photos SET guest_original_key = $2, guest_copy_pending = false WHERE id = $1',
        [photo.id, copy],
      );
      await replica.commitTransaction();
      expect(gpsTags(await tagsOf((await asked) as Buffer))).toEqual([]);
    } finally {
      if (replica.isTransactionActive) await replica.rollbackTransaction();
      await replica.release();
    }
    // No second copy was made.
    expect(await guestCopyObjects(photo.id)).toEqual([copy]);
    expect(await copyRow(photo.id)).toEqual({ pending: false, key: copy });
  });

  it("makes a photo's guest copy for download or backup asking for it, for the photo's own gallery only", async () => {
    const code = await createGallery();
    const other = await createGallery();
    const photo = await upload(code, await gpsTaggedJpeg());
    const ask = (gallery: string) =>
      askService(bus!, RequestContracts.GuestCopy, { code: gallery, photoId: photo.id });

    expect(await ask(other)).toEqual({ key: null });
    expect(await guestCopyObjects(photo.id)).toEqual([]);
    const { key } = await ask(code);
    expect(await guestCopyObjects(photo.id)).toEqual([key]);
    expect(await copyRow(photo.id)).toEqual({ pending: false, key });
    const copy = await s3!.send(new GetObjectCommand({ Bucket: BUCKET, Key: key! }));
    expect(gpsTags(await tagsOf(Buffer.from(await copy.Body!.transformToByteArray())))).toEqual([]);
    // Asked again, the same copy.
    expect(await ask(code)).toEqual({ key });
  });

  it("leaves a photo's guest copy to its first request: confirming and the background sweep make none", async () => {
    const code = await createGallery();
    const photo = await upload(code, await gpsTaggedJpeg());
    expect(await copyRow(photo.id)).toEqual({ pending: true, key: null });
    expect(await app!.get(GuestCopySweep).sweepOnce()).toBe(0);
    expect(await copyRow(photo.id)).toEqual({ pending: true, key: null });
    expect(await guestCopyObjects(photo.id)).toEqual([]);
  });

  async function copyRow(photoId: string): Promise<{ pending: boolean; key: string | null }> {
    const [row] = (await db.query(
      'SELECT guest_copy_pending AS pending, guest_original_key AS key FROM photos WHERE id = $1',
      [photoId],
    )) as { pending: boolean; key: string | null }[];
    return row;
  }

  async function guestCopyObjects(photoId: string): Promise<string[]> {
    const listed = await s3!.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `photos/${photoId}/` }));
    return (listed.Contents ?? [])
      .map((object) => object.Key!)
      .filter((key) => key.endsWith('/guest-original'));
  }

  it("deletes a removed photo's guest copy with its other files", async () => {
    const code = await createGallery();
    const photo = await upload(code, await gpsTaggedJpeg());
    const keys = () => guestCopyObjects(photo.id);
    // A photo's copy is made when first asked for.
    expect(await keys()).toEqual([]);
    await fetchAsGuest(photo.id, 'original');
    expect(await keys()).toHaveLength(1);

    const removed = await graphql(
      'mutation ($id: ID!) { removePhoto(id: $id) }',
      { id: photo.id },
      ownerOf(code),
    );
    expect(removed.errors).toBeUndefined();
    await media!.runDeletionsUnder(`photos/${photo.id}/`);
    expect(await keys()).toEqual([]);
  });
});

const ISSUE = 'mutation { issueGuestIdentity { token id } }';
const DELETE_OWN = 'mutation ($code: String!, $id: ID!) { deleteOwnPhoto(eventCode: $code, id: $id) }';

async function newGuest(): Promise<{ token: string; id: string }> {
  const issued = await graphql<{ issueGuestIdentity: { token: string; id: string } }>(ISSUE, {});
  expect(issued.errors).toBeUndefined();
  return issued.data!.issueGuestIdentity;
}

const plainJpeg = () =>
  sharp({ create: { width: 64, height: 48, channels: 3, background: '#36c' } })
    .jpeg()
    .toBuffer();

describe('photo links', () => {
  /** Where a photo link redirects to: the presigned storage URL. */
  async function storageUrlOf(photoId: string, variant: string): Promise<URL> {
    const answer = await request(app!.getHttpServer()).get(`/media/photos/${photoId}/${variant}`);
    expect(answer.status).toBe(302);
    return new URL(answer.headers.location as string);
  }

  it('answers every variant with its type fixed in the signed URL, refused by storage once changed or unsigned', async () => {
    const code = await createGallery();
    const photo = await upload(code, await gpsTaggedJpeg());
    await waitFor('the preview as it will stay', async () => {
      const answer = await request(app!.getHttpServer()).get(`/media/photos/${photo.id}/preview`);
      return answer.headers['cache-control'] !== 'no-store';
    });
    const owners = await graphql<{ photoOriginalUrl: string }>(ORIGINAL_URL, { id: photo.id }, ownerOf(code));
    const links = [
      ...(await Promise.all(
        ['thumbnail', 'preview', 'original'].map((variant) => storageUrlOf(photo.id, variant)),
      )),
      new URL(owners.data!.photoOriginalUrl),
    ];
    for (const url of links) {
      expect(url.searchParams.get('response-content-type')).toBe('image/jpeg');
      const served = await fetch(url);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/jpeg');

      const retyped = new URL(url);
      retyped.searchParams.set('response-content-type', 'text/html');
      const unsigned = new URL(url);
      unsigned.search = '';
      for (const changed of [retyped, unsigned]) {
        const refused = await fetch(changed);
        expect(refused.status).toBe(403);
        expect(await refused.text()).not.toContain('<html');
      }
      // Nor does a link write: storage takes no PUT it did not sign as one.
      expect(
        (await fetch(url, { method: 'PUT', body: '<html><script>alert(1)</script></html>' })).status,
      ).toBe(403);
    }
    expect(((await fetchAsGuest(photo.id, 'thumbnail')) as Buffer).subarray(0, 2)).toEqual(
      Buffer.from([0xff, 0xd8]),
    );
  });
});

describe('guest identities', () => {
  it("records the uploading browser's identity with its photo, and gives a browser back the one it holds", async () => {
    const code = await createGallery();
    const guest = await newGuest();
    const again = await graphql<{ issueGuestIdentity: { token: string; id: string } }>(
      ISSUE,
      {},
      undefined,
      guest.token,
    );
    expect(again.data!.issueGuestIdentity).toEqual(guest);

    const photo = await upload(code, await plainJpeg(), guest.token);
    expect(photo.uploaderId).toBe(guest.id);
    const [row] = (await db.query('SELECT uploader_id FROM photos WHERE id = $1', [photo.id])) as {
      uploader_id: string;
    }[];
    expect(row.uploader_id).toBe(guest.id);
    // Without an identity, or with one the server did not sign, a photo has no uploader.
    expect((await upload(code, await plainJpeg())).uploaderId).toBeNull();
    const forged = `g1.${guest.id}.${'A'.repeat(43)}`;
    expect((await upload(code, await plainJpeg(), forged)).uploaderId).toBeNull();
  });

  it('lets a guest delete their own photo, which leaves every screen through photo.deleted', async () => {
    const code = await createGallery();
    const guest = await newGuest();
    const photo = await upload(code, await plainJpeg(), guest.token);
    await upload(code, await plainJpeg(), guest.token);

    const deleted = bus!.nc.subscribe(Subjects.PhotoDeleted);
    const answer = await graphql<{ deleteOwnPhoto: number }>(
      DELETE_OWN,
      { code, id: photo.id },
      undefined,
      guest.token,
    );
    expect(answer).toEqual({ data: { deleteOwnPhoto: 1 } });
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
  });

  it("refuses to delete another guest's photo, one without an identity, or one of another gallery", async () => {
    const code = await createGallery();
    const other = await createGallery();
    const anna = await newGuest();
    const tom = await newGuest();
    const annas = await upload(code, await plainJpeg(), anna.token);
    const anonymous = await upload(code, await plainJpeg());
    const refusal = async (variables: object, token?: string) =>
      (await graphql(DELETE_OWN, variables, undefined, token)).errors?.[0].extensions?.code;

    expect(await refusal({ code, id: annas.id }, tom.token)).toBe('NOT_YOUR_PHOTO');
    expect(await refusal({ code, id: annas.id })).toBe('NOT_YOUR_PHOTO');
    expect(await refusal({ code, id: annas.id }, `g1.${anna.id}.${'A'.repeat(43)}`)).toBe('NOT_YOUR_PHOTO');
    expect(await refusal({ code, id: anonymous.id }, tom.token)).toBe('NOT_YOUR_PHOTO');
    expect(await refusal({ code: other, id: annas.id }, anna.token)).toBe('PHOTO_NOT_FOUND');
    expect(await refusal({ code, id: randomUUID() }, anna.token)).toBe('PHOTO_NOT_FOUND');
    expect(await db.query('SELECT 1 FROM photos WHERE id = $1', [annas.id])).toHaveLength(1);
  });
});
