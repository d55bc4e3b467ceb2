// The media service's derived images: HEIC, previews made after the commit, bursts of them and their sweep.
import { readFileSync } from 'node:fs';
import { describe, expect, it, jest } from '@jest/globals';
import { GetObjectCommand } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { waitFor } from '@gallery/testing';
import { ImageProcessor, type ImageSource } from '../src/images/image-processor.js';
import { PhotoPreviews } from '../src/photos/photo-previews.js';
import { ObjectStorage } from '../src/storage/object-storage.js';
import { iphoneLikeHeic } from './fixtures/iphone-like-heic.js';
import { holdPreviewOf, holdPreviewsOf } from './held-previews.js';
import {
  app,
  s3,
  db,
  createGallery,
  BUCKET,
  PUBLIC_URL,
  upload,
  confirm,
  keptOriginal,
  fetchPhoto,
  previewStored,
  photoJpeg,
  useMedia,
} from './media-suite.js';

useMedia();

describe('media service', () => {
  it('gives a real HEIC a JPEG thumbnail and preview, and keeps its original byte for byte', async () => {
    const code = await createGallery('free');
    const heic = readFileSync(new URL('./fixtures/photo-480x320.heic', import.meta.url));
    const slot = await upload(code, heic, 'IMG_5001.HEIC', 'image/heic');

    const answer = await confirm(code, slot.uploadId);

    expect(answer.errors).toBeUndefined();
    const photo = answer.data!.confirmPhotoUpload;
    expect(photo).toMatchObject({ width: 480, height: 320 });
    const thumbnail = await fetchPhoto(photo.thumbnailUrl);
    expect(thumbnail.object.headers.get('content-type')).toBe('image/jpeg');
    expect(await sharp(thumbnail.bytes).metadata()).toMatchObject({
      format: 'jpeg',
      width: 400,
      height: 267,
    });
    await previewStored(photo.id);
    const preview = await fetchPhoto(photo.previewUrl);
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 320 });
    const original = await fetchPhoto(photo.originalUrl);
    expect((await keptOriginal(photo.id)).equals(heic)).toBe(true);
    expect(original.object.headers.get('content-type')).toBe('image/heic');
  });

  it('keeps a HEIC it cannot decode, shows its original and reads its size from its boxes', async () => {
    const code = await createGallery('free');
    const heic = iphoneLikeHeic(1);
    const slot = await upload(code, heic, 'IMG_4242.HEIC', 'image/heic');

    const answer = await confirm(code, slot.uploadId);

    expect(answer.errors).toBeUndefined();
    expect(answer.data!.confirmPhotoUpload).toMatchObject({ width: 3024, height: 4032 });
    const shown = await fetchPhoto(answer.data!.confirmPhotoUpload.thumbnailUrl);
    expect(shown.bytes.equals(heic)).toBe(true);
    expect(shown.object.headers.get('content-type')).toBe('image/heic');
  });

  it('answers the preview URL with the thumbnail, not cached, until the preview is stored, then with the preview', async () => {
    const code = await createGallery('free');
    const held = holdPreviewOf(2000);
    try {
      const slot = await upload(code, await photoJpeg(2000, 1500));
      const answer = await confirm(code, slot.uploadId);
      expect(answer.errors).toBeUndefined();
      const photo = answer.data!.confirmPhotoUpload;
      // The confirmation did not wait for the preview: it is being made, held by the test.
      await held.started;
      expect(
        (await db.query('SELECT preview_pending, preview_key FROM photos WHERE id = $1', [photo.id]))[0],
      ).toEqual({ preview_pending: true, preview_key: null });

      const early = await fetchPhoto(photo.previewUrl);
      expect(early.redirect.headers['cache-control']).toBe('no-store');
      expect(new URL(early.redirect.headers.location).pathname).toMatch(/\/thumbnail\.jpg$/);
      expect(await sharp(early.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 400, height: 300 });
      const thumbnail = await fetchPhoto(photo.thumbnailUrl);
      expect(thumbnail.redirect.headers['cache-control']).toBe('private, max-age=300');

      held.release();
      await previewStored(photo.id);
      const late = await fetchPhoto(photo.previewUrl);
      expect(late.redirect.headers['cache-control']).toBe('private, max-age=300');
      expect(new URL(late.redirect.headers.location).pathname).toMatch(/\/preview\.jpg$/);
      expect(await sharp(late.bytes).metadata()).toMatchObject({ format: 'jpeg', width: 1600, height: 1200 });
    } finally {
      held.release();
      held.restore();
    }
  });

  it("keeps the originals of a burst's waiting previews in memory while they are small: none read again", async () => {
    const code = await createGallery('standard');
    const widths = [1201, 1202, 1203, 1204, 1205, 1206, 1207];
    // Every preview of the burst waits until all its photos are confirmed: more wait than MAX_HELD_SOURCES.
    const held = holdPreviewsOf(widths);
    const storage = app!.get(ObjectStorage);
    const reads = jest.spyOn(storage, 'read');
    try {
      const ids: string[] = [];
      for (const width of widths) {
        const slot = await upload(code, await photoJpeg(width, 900));
        expect((await confirm(code, slot.uploadId)).errors).toBeUndefined();
        ids.push(slot.uploadId);
      }
      held.release();
      for (const id of ids) await previewStored(id);
      const readAgain = reads.mock.calls.filter(([key]) => ids.some((id) => key.startsWith(`photos/${id}/`)));
      expect(readAgain).toEqual([]);
    } finally {
      held.release();
      held.restore();
      reads.mockRestore();
    }
  });

  it("makes each preview of two bursts from its own photo's pixels, in buffers used again", async () => {
    const code = await createGallery('standard');
    const colours = ['#d02020', '#20b020', '#2020d0', '#d0d020', '#20d0d0', '#d020d0', '#909090'];
    // Each photo a little smaller than the one before: its pixels fit any buffer given back before it.
    const bursts = [1317, 1307].map((first) => colours.map((colour, i) => ({ colour, width: first - i })));
    // Each burst's previews wait until all its photos are confirmed: seven hold pixels at once.
    const held = holdPreviewsOf(bursts.flat().map(({ width }) => width));
    const centre = async (preview: Buffer) => [
      ...(await sharp(preview).extract({ left: 600, top: 400, width: 1, height: 1 }).raw().toBuffer()),
    ];
    const hex = (colour: string) => [1, 3, 5].map((at) => parseInt(colour.slice(at, at + 2), 16));
    try {
      for (const burst of bursts) {
        const ids: string[] = [];
        for (const { colour, width } of burst) {
          const slot = await upload(code, await photoJpeg(width, 900, colour));
          expect((await confirm(code, slot.uploadId)).errors).toBeUndefined();
          ids.push(slot.uploadId);
        }
        held.release();
        for (const [i, id] of ids.entries()) {
          await previewStored(id);
          const [row] = await db.query('SELECT preview_key FROM photos WHERE id = $1', [id]);
          const object = await s3!.send(new GetObjectCommand({ Bucket: BUCKET, Key: row.preview_key }));
          const pixel = await centre(Buffer.from(await object.Body!.transformToByteArray()));
          const expected = hex(burst[i]!.colour);
          expect(pixel.every((value, channel) => Math.abs(value - expected[channel]!) <= 12)).toBe(true);
        }
        held.holdAgain();
      }
    } finally {
      held.release();
      held.restore();
    }
  });

  it('makes by its sweep a preview whose build failed, once the photo is no longer young', async () => {
    const code = await createGallery('free');
    const making = ImageProcessor.prototype.preview;
    let failed!: () => void;
    const buildFailed = new Promise<void>((resolve) => (failed = resolve));
    const spy = jest.spyOn(ImageProcessor.prototype, 'preview').mockImplementation(async function (
      this: ImageProcessor,
      source: ImageSource,
    ) {
      if (source.width !== 1111) return making.call(this, source);
      failed();
      throw new Error('storage went away');
    });
    let id: string;
    try {
      const slot = await upload(code, await photoJpeg(1111, 800));
      id = (await confirm(code, slot.uploadId)).data!.confirmPhotoUpload.id;
      await buildFailed;
    } finally {
      spy.mockRestore();
    }
    const pending = async () =>
      (await db.query('SELECT preview_pending FROM photos WHERE id = $1', [id]))[0].preview_pending;
    // The failed build's transaction is over once its row can be locked again.
    await waitFor('the failed build to let go of its photo', async () => {
      const free: unknown[] = await db.query('SELECT 1 FROM photos WHERE id = $1 FOR UPDATE SKIP LOCKED', [
        id,
      ]);
      return free.length > 0;
    });
    expect(await pending()).toBe(true);
    const previews = app!.get(PhotoPreviews);
    // Too young: its own replica may still be making it.
    expect(await previews.sweepOnce()).toBe(0);

    await db.query(`UPDATE photos SET created_at = now() - interval '1 hour' WHERE id = $1`, [id]);
    expect(await previews.sweepOnce()).toBe(1);

    expect(await pending()).toBe(false);
    const preview = await fetchPhoto(`${PUBLIC_URL}/media/photos/${id}/preview`);
    expect(preview.redirect.headers['cache-control']).toBe('private, max-age=300');
    expect(await sharp(preview.bytes).metadata()).toMatchObject({ width: 1111, height: 800 });
    expect(await previews.sweepOnce()).toBe(0);
  });
});
