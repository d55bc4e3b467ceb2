import { afterAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { measuredQuality } from '../../test/measured-quality.js';
import { ImageProcessor } from './image-processor.js';
import { differenceHash, greyOf, hashDistance, measureQuality, type PhotoQuality } from './photo-quality.js';

const processor = new ImageProcessor();
afterAll(() => processor.onModuleDestroy());

/** A photo's measures as an upload makes them. */
const measured = (bytes: Buffer): Promise<PhotoQuality> => measuredQuality(processor, bytes);

describe('photo quality measures', () => {
  it('finds a blurred copy less sharp, and a darkened one as sharp, as its original', async () => {
    const original = await sharp(await noise(400, 300))
      .jpeg()
      .toBuffer();
    const blurred = await sharp(original).blur(4).jpeg().toBuffer();
    const darkened = await sharp(original).linear(0.2, 0).jpeg().toBuffer();
    const [good, soft, dim] = await Promise.all([measured(original), measured(blurred), measured(darkened)]);
    expect(soft.sharpness).toBeLessThan(good.sharpness / 10);
    expect(dim.sharpness).toBeGreaterThan(good.sharpness / 2);
    expect(dim.highlights).toBeLessThan(good.highlights / 3);
  });

  it("turns colour pixels grey within a level of libvips' b-w, and takes grey ones as they are", async () => {
    const width = 256;
    const height = 64;
    // Every level of each primary, of grey, and colours between.
    const rgb = Buffer.alloc(width * height * 3);
    for (let y = 0; y < height; y++) {
      for (let x = 0; x < width; x++) {
        const at = (y * width + x) * 3;
        const row = y % 4;
        rgb[at] = row === 0 || row === 3 ? x : (x * y) % 256;
        rgb[at + 1] = row === 1 || row === 3 ? x : (x * 7 + y) % 256;
        rgb[at + 2] = row === 2 || row === 3 ? x : (x * 13 + y * 3) % 256;
      }
    }
    const raw = { width, height, channels: 3 as const };
    const libvips = await sharp(rgb, { raw }).toColourspace('b-w').raw().toBuffer();

    const grey = greyOf({ data: rgb, ...raw });

    expect(grey.width).toBe(width);
    expect(grey.height).toBe(height);
    const apart = Array.from(grey.data, (level, at) => Math.abs(level - libvips[at]!));
    expect(Math.max(...apart)).toBeLessThanOrEqual(1);
    const one = greyOf({ data: libvips, width, height, channels: 1 });
    expect(Buffer.from(one.data).equals(libvips)).toBe(true);
  });

  it('tells a horizontal gradient by its hash, every cell brighter than the next or none', () => {
    const width = 90;
    const height = 80;
    const falling = new Uint8Array(width * height).map((_, at) => 255 - ((at % width) * 255) / width);
    expect(BigInt.asUintN(64, differenceHash({ data: falling, width, height }))).toBe(2n ** 64n - 1n);
    expect(measureQuality({ data: falling.reverse(), width, height }).perceptualHash).toBe(0n);
  });

  it('counts the bits two hashes differ by', () => {
    expect(hashDistance(0n, -1n)).toBe(64);
    expect(hashDistance(0b1011n, 0b0001n)).toBe(2);
  });
});

/** Random detail: noise enlarged twice. */
function noise(width: number, height: number): Promise<Buffer> {
  const small = { width: width / 2, height: height / 2, channels: 3 as const };
  const pixels = Buffer.from(
    Array.from({ length: small.width * small.height * 3 }, () => Math.floor(Math.random() * 256)),
  );
  return sharp(pixels, { raw: small }).resize(width, height, { kernel: 'cubic' }).png().toBuffer();
}
