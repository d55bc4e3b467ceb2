import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { detectPhotoType } from './detect-photo-type.js';

const image = () => sharp({ create: { width: 8, height: 8, channels: 3, background: '#e0a' } });
/** The leading ftyp box of a HEIF-family file: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
};

describe('detectPhotoType', () => {
  it('recognises real JPEG, PNG and WebP files by their first bytes', async () => {
    expect(detectPhotoType(await image().jpeg().toBuffer())).toBe('image/jpeg');
    expect(detectPhotoType(await image().png().toBuffer())).toBe('image/png');
    expect(detectPhotoType(await image().webp().toBuffer())).toBe('image/webp');
  });

  it('recognises HEIC and HEIF by the major brand of their ftyp box', () => {
    // An iPhone photo starts exactly like this.
    expect(detectPhotoType(ftyp('heic', 'mif1', 'heic'))).toBe('image/heic');
    for (const brand of ['heix', 'hevc', 'hevx', 'heim', 'heis'])
      expect(detectPhotoType(ftyp(brand))).toBe('image/heic');
    for (const brand of ['mif1', 'msf1']) expect(detectPhotoType(ftyp(brand, 'heic'))).toBe('image/heif');
  });

  it('refuses an AVIF even though it lists a HEIF brand as compatible', async () => {
    const avif = await image().avif().toBuffer();
    expect(avif.toString('latin1', 4, 12)).toBe('ftypavif');
    expect(detectPhotoType(avif)).toBeNull();
    expect(detectPhotoType(ftyp('mp42', 'isom'))).toBeNull();
  });

  it('refuses a text file whatever it is called, and other image formats', async () => {
    expect(detectPhotoType(Buffer.from('these are not the photos you are looking for\n'))).toBeNull();
    expect(detectPhotoType(await image().gif().toBuffer())).toBeNull();
    expect(detectPhotoType(await image().tiff().toBuffer())).toBeNull();
    expect(detectPhotoType(Buffer.from('%PDF-1.7\n'))).toBeNull();
  });

  it('refuses files too short to carry a signature', () => {
    expect(detectPhotoType(new Uint8Array())).toBeNull();
    expect(detectPhotoType(Uint8Array.of(0xff, 0xd8))).toBeNull();
    expect(detectPhotoType(Buffer.from('RIFF\0\0\0\0WEB'))).toBeNull();
  });
});
