import { readFileSync } from 'node:fs';
import { afterAll, describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { HeifWorkerDecoder } from '@gallery/platform';
import { ImageProcessor } from './image-processor.js';
import { MAX_PHOTO_PIXELS } from '@gallery/contracts';
import { pixelBombPng } from '../../test/fixtures/pixel-bomb.js';
import { iphoneLikeHeic } from '../../test/fixtures/iphone-like-heic.js';
import { ImageTooLargeError } from './image-too-large.error.js';
import { UndecodableImageError } from './undecodable-image.error.js';

const processor = new ImageProcessor();
afterAll(() => processor.onModuleDestroy());

/** A real HEIC (HEVC, made with heif-enc), 480x320. */
const heic = readFileSync(new URL('../../test/fixtures/photo-480x320.heic', import.meta.url));

describe('ImageProcessor', () => {
  it('applies the EXIF orientation and strips every metadata block', async () => {
    // Stored landscape 2400x1200, shown portrait: orientation 6 means "turn 90 degrees clockwise".
    const original = await sharp({ create: { width: 2400, height: 1200, channels: 3, background: '#b84' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();

    const derived = await processor.derive(original);

    expect({ width: derived.width, height: derived.height }).toEqual({ width: 1200, height: 2400 });
    // Made from the photo decoded once at the preview's size, the thumbnail is oriented all the same.
    const thumbnail = await sharp(derived.thumbnail).metadata();
    expect(thumbnail).toMatchObject({ format: 'jpeg', width: 200, height: 400 });
    expect(thumbnail.exif).toBeUndefined();
    expect(thumbnail.orientation).toBeUndefined();
    const preview = await sharp(derived.preview).metadata();
    expect(preview).toMatchObject({ format: 'jpeg', width: 800, height: 1600 });
    expect(preview.exif).toBeUndefined();
  });

  it('works each image on one libvips thread, though MALLOC_ARENA_MAX would let sharp take every core', () => {
    // sharp keeps to one thread per image on glibc only while MALLOC_ARENA_MAX is unset, and media sets it.
    sharp.concurrency(2);
    const another = new ImageProcessor(() => Promise.reject(new Error('no HEIF in this test')));
    expect(sharp.concurrency()).toBe(1);
    void another.onModuleDestroy();
  });

  it('never enlarges a small photo', async () => {
    const original = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const derived = await processor.derive(original);
    expect(await sharp(derived.preview).metadata()).toMatchObject({
      format: 'jpeg',
      width: 300,
      height: 200,
    });
    // Transparent pixels come out white, not black.
    const { data } = await sharp(derived.thumbnail).raw().toBuffer({ resolveWithObject: true });
    expect(data[0]).toBeGreaterThan(250);
  });

  it('throws UndecodableImageError for bytes that only look like a photo', async () => {
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from('not really a JPEG')]);
    await expect(processor.derive(fake)).rejects.toBeInstanceOf(UndecodableImageError);
  });

  it('refuses a pixel bomb from its header, without decoding it', async () => {
    // 256 megapixels of one colour: well under 1 MB on disk, about a gigabyte once decoded.
    const bomb = pixelBombPng(16000);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await sharp(bomb).metadata()).toMatchObject({ format: 'png', width: 16000, height: 16000 });

    const refusal = processor.derive(bomb);

    await expect(refusal).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(refusal).rejects.toMatchObject({ pixels: 16000 * 16000 });
    expect(16000 * 16000).toBeGreaterThan(MAX_PHOTO_PIXELS);
  });

  it('makes the thumbnail and the preview from one source, a thumbnail at once and a preview later', async () => {
    const original = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#b84' } })
      .jpeg()
      .toBuffer();

    const source = await processor.source(original, { heif: false });

    // A JPEG is not decoded up front: its source is its own bytes, decoded at each image's scale.
    expect(source.input).toBe(original);
    expect({ width: source.width, height: source.height }).toEqual({ width: 4000, height: 3000 });
    expect(await sharp(await processor.thumbnail(source)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 400,
      height: 300,
    });
    expect(await sharp(await processor.preview(source)).metadata()).toMatchObject({
      format: 'jpeg',
      width: 1600,
      height: 1200,
    });
  });

  it('decodes a photo once for both images: its pixels at the preview size, oriented and on white', async () => {
    // Stored landscape 4000x3000, shown portrait (orientation 6), with a transparent PNG beside it.
    const jpeg = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#b84' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const original = await processor.source(jpeg, { heif: false });

    const pixels = await processor.atPreviewSize(original);

    // Raw pixels, no longer the JPEG: nothing is decoded again for the thumbnail or the preview.
    expect(pixels.options.raw).toEqual({ width: 1200, height: 1600, channels: 3 });
    expect(pixels.input.length).toBe(1200 * 1600 * 3);
    expect({ width: pixels.width, height: pixels.height }).toEqual({ width: 3000, height: 4000 });
    const thumbnail = await sharp(await processor.thumbnail(pixels)).metadata();
    expect(thumbnail).toMatchObject({ format: 'jpeg', width: 300, height: 400 });
    expect(thumbnail.exif).toBeUndefined();
    // The preview from these pixels is the very JPEG the original would have given.
    expect((await processor.preview(pixels)).equals(await processor.preview(original))).toBe(true);

    const png = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#0000' } })
      .png()
      .toBuffer();
    const small = await processor.atPreviewSize(await processor.source(png, { heif: false }));
    expect(small.options.raw).toEqual({ width: 300, height: 200, channels: 3 });
    expect(small.input[0]).toBe(255);
  });

  it("measures a photo on its thumbnail's pixels: the same thumbnail, the same measures as alone", async () => {
    // Noise on a gradient, so the measures have something to read and a thumbnail made otherwise would differ.
    const width = 1600;
    const height = 1200;
    const noisy = Buffer.alloc(width * height * 3);
    for (let at = 0; at < noisy.length; at++)
      noisy[at] = ((at % (width * 3)) / 12 + ((at * 7919) % 61)) & 255;
    const pixels = await processor.atPreviewSize(
      await processor.source(
        await sharp(noisy, { raw: { width, height, channels: 3 } })
          .png()
          .toBuffer(),
        { heif: false },
      ),
    );

    const { thumbnail, quality } = await processor.thumbnailAndQuality(pixels);

    expect(thumbnail.equals(await processor.thumbnail(pixels))).toBe(true);
    expect(quality).toEqual(await processor.quality(pixels));
    expect(quality.sharpness).toBeGreaterThan(0);
    // The sweep measures an earlier photo from its stored preview: the same thumbnail-sized pixels, near measures.
    const fromPreview = await processor.quality({
      ...pixels,
      input: await processor.preview(pixels),
      options: {},
    });
    expect(Math.abs(fromPreview.brightness - quality.brightness)).toBeLessThan(2);
  });

  it('makes a JPEG thumbnail and preview of a real HEIC, decoded once by libheif, the original untouched', async () => {
    const before = Buffer.from(heic);
    const worker = new HeifWorkerDecoder();
    const decode = jest.fn(worker.decode);
    const counted = new ImageProcessor(decode);

    const source = await counted.source(heic, { heif: true });
    const thumbnail = await counted.thumbnail(source);
    const preview = await counted.preview(source);
    await worker.close();

    expect(decode).toHaveBeenCalledTimes(1);
    expect({ width: source.width, height: source.height }).toEqual({ width: 480, height: 320 });
    expect(source.options.raw).toEqual({ width: 480, height: 320, channels: 4 });
    expect(await sharp(thumbnail).metadata()).toMatchObject({
      format: 'jpeg',
      width: 400,
      height: 267,
    });
    expect(await sharp(preview).metadata()).toMatchObject({
      format: 'jpeg',
      width: 480,
      height: 320,
    });
    expect(heic.equals(before)).toBe(true);
  });

  it('refuses a HEIC with too many pixels from its boxes, before decoding it', async () => {
    const oversized = iphoneLikeHeic(0);
    const decode = jest.fn(async () => ({ width: 1, height: 1, rgba: Buffer.alloc(4) }));
    const guarded = new ImageProcessor(decode);
    const bigger = Buffer.from(oversized);
    // The ispe box of the primary item says 4032x3024: write 20000x20000 into it instead.
    const at = bigger.indexOf(Buffer.from([0, 0, 0x0f, 0xc0, 0, 0, 0x0b, 0xd0]));
    expect(at).toBeGreaterThan(0);
    bigger.writeUInt32BE(20000, at);
    bigger.writeUInt32BE(20000, at + 4);

    const refusal = guarded.source(bigger, { heif: true });

    await expect(refusal).rejects.toBeInstanceOf(ImageTooLargeError);
    await expect(refusal).rejects.toMatchObject({ pixels: 20000 * 20000 });
    expect(decode).not.toHaveBeenCalled();
  });

  it('throws UndecodableImageError for a HEIC whose image data libheif cannot read', async () => {
    await expect(processor.source(iphoneLikeHeic(1), { heif: true })).rejects.toBeInstanceOf(
      UndecodableImageError,
    );
  });
});
