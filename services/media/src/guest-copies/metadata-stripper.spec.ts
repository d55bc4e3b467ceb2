import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { VideoFrames } from '../videos/video-frames.js';
import { Exiftool, EXIFTOOL_MISSING } from './exiftool.js';
import { MetadataNotStrippedError, MetadataStripper } from './metadata-stripper.js';

const run = promisify(execFile);
let folder: string;
let stripper: MetadataStripper;

/** What exiftool reads from a file, by tag name (group:tag), numbers as numbers. */
async function tagsOf(bytes: Buffer): Promise<Record<string, unknown>> {
  const file = path.join(folder, `read-${Math.random().toString(36).slice(2)}`);
  await writeFile(file, bytes);
  const { stdout } = await run('exiftool', ['-j', '-G', '-n', '-a', file]);
  return (JSON.parse(stdout) as Record<string, unknown>[])[0];
}

/** A photo of `format` carrying what a phone and a careful photographer write: GPS, serials, names. */
async function taggedPhoto(format: 'jpeg' | 'png' | 'webp'): Promise<Buffer> {
  const pixels = sharp({ create: { width: 96, height: 64, channels: 3, background: '#c86432' } })
    .composite([
      { input: Buffer.from([0, 255, 0]), raw: { width: 1, height: 1, channels: 3 }, left: 5, top: 7 },
    ])
    .withIccProfile('p3');
  const file = path.join(folder, `tagged.${format}`);
  await writeFile(file, await pixels.toFormat(format).toBuffer());
  await run('exiftool', [
    '-q',
    '-overwrite_original',
    '-GPSLatitude=48.8584',
    '-GPSLatitudeRef=N',
    '-GPSLongitude=2.2945',
    '-GPSLongitudeRef=E',
    '-SerialNumber=BODY-123',
    '-LensSerialNumber=LENS-456',
    '-OwnerName=Ben Owner',
    '-Artist=Anna Artist',
    '-Copyright=Anna Artist',
    '-Orientation#=6',
    '-DateTimeOriginal=2026:06:13 18:04:05',
    '-Make=Apple',
    '-XMP:City=Paris',
    '-XMP:Creator=Anna Artist',
    file,
  ]);
  return readFile(file);
}

/** Tags that say where, who or which camera; a colour profile's maker and copyright say nothing of anyone. */
function identifying(tags: Record<string, unknown>): string[] {
  return Object.keys(tags).filter(
    (name) =>
      !name.startsWith('ICC_Profile:') &&
      /GPS|Serial|Owner|Artist|Copyright|Creator|City|Location/i.test(name),
  );
}

/** The photo `original` without identifying metadata, as the service's exiftool writes it from a file. */
async function stripPhoto(original: Buffer): Promise<Buffer> {
  const name = Math.random().toString(36).slice(2);
  const input = path.join(folder, `original-${name}`);
  const output = path.join(folder, `copy-${name}`);
  await writeFile(input, original);
  await stripper.stripPhotoFile(input, output);
  return readFile(output);
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'metadata-stripper-spec-'));
  stripper = MetadataStripper.locate();
});

afterAll(async () => {
  stripper.close();
  await rm(folder, { recursive: true, force: true });
});

describe('MetadataStripper', () => {
  it.each(['jpeg', 'png', 'webp'] as const)(
    'takes location, serial numbers and names out of a %s, keeping its pixels, orientation and date',
    async (format) => {
      const original = await taggedPhoto(format);
      expect(identifying(await tagsOf(original))).toEqual(expect.arrayContaining(['EXIF:GPSLatitude']));

      const copy = await stripPhoto(original);

      const tags = await tagsOf(copy);
      expect(identifying(tags)).toEqual([]);
      expect(tags['EXIF:Orientation']).toBe(6);
      expect(tags['EXIF:DateTimeOriginal']).toBe('2026:06:13 18:04:05');
      expect(tags['ICC_Profile:ProfileDescription']).toBeDefined();
      // Not one pixel differs: the image data was copied, not decoded and encoded again.
      const [before, after] = await Promise.all(
        [original, copy].map((bytes) => sharp(bytes).raw().toBuffer()),
      );
      expect(after.equals(before)).toBe(true);
    },
  );

  it('leaves the compressed image data of a JPEG byte for byte as it was', async () => {
    const original = await taggedPhoto('jpeg');
    const copy = await stripPhoto(original);
    const scan = (bytes: Buffer) => bytes.subarray(bytes.indexOf(Buffer.from([0xff, 0xda])));
    expect(scan(copy).equals(scan(original))).toBe(true);
  });

  it('strips a HEIC photo', async () => {
    const file = path.join(folder, 'tagged.heic');
    await writeFile(file, await readFile(new URL('../../test/fixtures/photo-480x320.heic', import.meta.url)));
    await run('exiftool', ['-q', '-overwrite_original', '-GPSLatitude=48.8584', '-Artist=Anna', file]);
    const original = await readFile(file);
    expect(identifying(await tagsOf(original)).length).toBeGreaterThan(0);
    const copy = await stripPhoto(original);
    expect(identifying(await tagsOf(copy))).toEqual([]);
  });

  it('strips an MP4 video, leaving every frame as it was', async () => {
    const { ffmpeg } = VideoFrames.locate().tools;
    const input = path.join(folder, 'tagged.mp4');
    const output = path.join(folder, 'guest.mp4');
    await run(ffmpeg, [
      ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=10', '-t', '1'],
      ...['-c:v', 'libx264', '-pix_fmt', 'yuv420p', '-metadata', 'location=+48.8584+002.2945/'],
      ...['-movflags', '+use_metadata_tags', input],
    ]);
    await run('exiftool', ['-q', '-overwrite_original', '-QuickTime:GPSCoordinates=48.8584, 2.2945', input]);
    expect(identifying(await tagsOf(await readFile(input))).length).toBeGreaterThan(0);

    await stripper.stripFile(input, output);

    expect(identifying(await tagsOf(await readFile(output)))).toEqual([]);
    const frames = async (file: string) =>
      (await run(ffmpeg, ['-v', 'error', '-i', file, '-map', '0', '-c', 'copy', '-f', 'framemd5', '-']))
        .stdout;
    expect(await frames(output)).toBe(await frames(input));
  });

  it('strips one photo after another with the same exiftool', async () => {
    const original = await taggedPhoto('jpeg');
    const copies = await Promise.all([1, 2, 3].map(() => stripPhoto(original)));
    for (const copy of copies) expect(identifying(await tagsOf(copy))).toEqual([]);
  });

  it('refuses what it cannot rewrite, and goes on with the next photo', async () => {
    await expect(stripPhoto(Buffer.from('not a photo at all'))).rejects.toBeInstanceOf(
      MetadataNotStrippedError,
    );
    const copy = await stripPhoto(await taggedPhoto('jpeg'));
    expect(identifying(await tagsOf(copy))).toEqual([]);
  });

  it('says what to install when the machine has no exiftool', () => {
    expect(() => Exiftool.locate('/nonexistent')).toThrow(EXIFTOOL_MISSING);
    expect(EXIFTOOL_MISSING).toContain('apt-get install libimage-exiftool-perl');
  });
});
