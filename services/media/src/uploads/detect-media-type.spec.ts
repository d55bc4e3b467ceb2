import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { detectMediaType } from './detect-media-type.js';

/** A leading ftyp box: size, 'ftyp', major brand, minor version, compatible brands. */
const ftyp = (major: string, ...compatible: string[]) => {
  const size = 16 + 4 * compatible.length;
  const box = Buffer.alloc(size);
  box.writeUInt32BE(size, 0);
  box.write('ftyp', 4, 'latin1');
  box.write(major, 8, 'latin1');
  compatible.forEach((brand, i) => box.write(brand, 16 + 4 * i, 'latin1'));
  return box;
};

/** The start of an EBML file whose header names `docType`, the way ffmpeg and browsers write it. */
const ebml = (docType: string) =>
  Buffer.concat([
    Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01]),
    Buffer.from([0x42, 0x82, 0x80 | docType.length]),
    Buffer.from(docType, 'latin1'),
    Buffer.from([0x42, 0x87, 0x81, 0x04]),
  ]);

describe('detectMediaType', () => {
  it('recognises MP4 and MOV by the brand of their ftyp box', () => {
    expect(detectMediaType(ftyp('isom', 'isom', 'iso2', 'avc1', 'mp41'))).toBe('video/mp4');
    expect(detectMediaType(ftyp('mp42', 'isom'))).toBe('video/mp4');
    // An iPhone video.
    expect(detectMediaType(ftyp('qt  ', 'qt  '))).toBe('video/quicktime');
    // A camera's own major brand, MP4 among the compatible ones.
    expect(detectMediaType(ftyp('XAVC', 'XAVC', 'mp42', 'iso2'))).toBe('video/mp4');
  });

  it('recognises WebM by its EBML header and doctype, and not other Matroska files', () => {
    expect(detectMediaType(ebml('webm'))).toBe('video/webm');
    expect(detectMediaType(ebml('matroska'))).toBeNull();
  });

  it('keeps photos photos, whatever their name would say', async () => {
    const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#e0a' } })
      .jpeg()
      .toBuffer();
    expect(detectMediaType(jpeg)).toBe('image/jpeg');
    expect(detectMediaType(ftyp('heic', 'mif1', 'heic'))).toBe('image/heic');
    expect(detectMediaType(ftyp('avif', 'avif', 'mif1'))).toBeNull();
  });

  it('refuses text, empty and cut-short files', () => {
    expect(detectMediaType(Buffer.from('this is not a video, just text named clip.mp4'))).toBeNull();
    expect(detectMediaType(new Uint8Array())).toBeNull();
    expect(detectMediaType(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]))).toBeNull();
    expect(detectMediaType(ftyp('isom').subarray(0, 10))).toBeNull();
  });
});
