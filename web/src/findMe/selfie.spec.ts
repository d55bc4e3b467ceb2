import { describe, expect, it } from '@jest/globals';
import { FIND_ME_LIMITS } from '@gallery/contracts';
import { base64Of, encodeToFit, scaledSize, SELFIE_MAX_SIDE, SelfieError } from './selfie';

describe('scaledSize', () => {
  it('brings a 12 MP camera picture to 640 px on its long side, upright or not', () => {
    expect(scaledSize(4032, 3024)).toEqual({ width: 640, height: 480 });
    expect(scaledSize(3024, 4032)).toEqual({ width: 480, height: 640 });
    expect(scaledSize(1000, 1000)).toEqual({ width: SELFIE_MAX_SIDE, height: SELFIE_MAX_SIDE });
  });

  it('never enlarges a small picture', () => {
    expect(scaledSize(320, 240)).toEqual({ width: 320, height: 240 });
    expect(scaledSize(640, 200)).toEqual({ width: 640, height: 200 });
  });

  it('keeps a very long picture at least one pixel wide', () => {
    expect(scaledSize(20000, 10)).toEqual({ width: 640, height: 1 });
  });

  it('refuses a picture of no size as unreadable', () => {
    expect(() => scaledSize(0, 480)).toThrow(SelfieError);
    expect(() => scaledSize(Number.NaN, 480)).toThrow('SELFIE_UNREADABLE');
  });
});

describe('encodeToFit', () => {
  /** An encoder whose output shrinks with the quality, recording the qualities it was asked for. */
  function fakeEncoder(bytesAt: (quality: number) => number) {
    const asked: number[] = [];
    const encode = (quality: number) => {
      asked.push(quality);
      return Promise.resolve(new Blob([new Uint8Array(bytesAt(quality))], { type: 'image/jpeg' }));
    };
    return { asked, encode };
  }

  it('keeps the first quality when the selfie fits FIND_ME_LIMITS.selfieBytes', async () => {
    const { asked, encode } = fakeEncoder(() => 40 * 1024);
    const blob = await encodeToFit(encode);
    expect(blob.size).toBe(40 * 1024);
    expect(asked).toEqual([0.85]);
  });

  it('lowers the quality step by step only as far as needed', async () => {
    const { asked, encode } = fakeEncoder((quality) => Math.round(quality * 100 * 1024));
    const blob = await encodeToFit(encode);
    expect(blob.size).toBeLessThanOrEqual(FIND_ME_LIMITS.selfieBytes);
    expect(asked).toEqual([0.85, 0.75, 0.65, 0.55]);
  });

  it('says SELFIE_TOO_LARGE when even the lowest quality does not fit', async () => {
    const { encode } = fakeEncoder(() => FIND_ME_LIMITS.selfieBytes + 1);
    await expect(encodeToFit(encode)).rejects.toMatchObject({ code: 'SELFIE_TOO_LARGE' });
  });
});

describe('base64Of', () => {
  it('gives the bytes as plain base64, large ones too', async () => {
    const bytes = new Uint8Array(70_000).map((_, index) => index % 251);
    const base64 = await base64Of(new Blob([bytes]));
    expect(Buffer.from(base64, 'base64').equals(Buffer.from(bytes))).toBe(true);
  });
});
