import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { iphoneLikeHeic } from '../../test/fixtures/iphone-like-heic.js';
import { heifDimensions } from './heif-dimensions.js';

describe('heifDimensions', () => {
  it("reads the primary image's size, not a tile's, and applies its rotation", () => {
    expect(heifDimensions(iphoneLikeHeic(0))).toEqual({ width: 4032, height: 3024 });
    expect(heifDimensions(iphoneLikeHeic(1))).toEqual({ width: 3024, height: 4032 });
    expect(heifDimensions(iphoneLikeHeic(2))).toEqual({ width: 4032, height: 3024 });
  });

  it('reads a HEIF written by libheif', async () => {
    const heif = await sharp({ create: { width: 120, height: 80, channels: 3, background: '#123' } })
      .heif({ compression: 'av1' })
      .toBuffer();
    expect(heifDimensions(heif)).toEqual({ width: 120, height: 80 });
  });

  it('answers null for anything else, truncated files included', async () => {
    expect(heifDimensions(Buffer.from('hello'))).toBeNull();
    expect(
      heifDimensions(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#123' } })
          .jpeg()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(heifDimensions(iphoneLikeHeic(0).subarray(0, 90))).toBeNull();
  });
});
