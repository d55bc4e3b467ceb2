/** @jest-environment ./services/faces/test/native-arrays-environment.mjs */
import path from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { facesFolder } from '@gallery/testing';
import { FaceEngine, descriptorDistance, largestFaces } from './face-engine.js';

/** A 640 x 480 selfie as the browser sends it: a labeled portrait in a frame of its mirrored surroundings. */
async function selfie(person: string, flop = false): Promise<Buffer> {
  let face = sharp(path.join(facesFolder(), person, `${person}2.png`)).resize(320, 320);
  if (flop) face = face.flop();
  return sharp(await face.png().toBuffer())
    .extend({ top: 80, bottom: 80, left: 160, right: 160, extendWith: 'mirror' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

describe('the selfie', () => {
  it('is looked at by the detector once, and its mirror image gives the same face', async () => {
    const engine = await FaceEngine.load();
    // Each pass of the detector over the picture is one call of BlazeFace's.
    const passes = jest.spyOn(engine as unknown as { blazeFaces(...args: unknown[]): unknown }, 'blazeFaces');
    const face = await engine.selfie(await selfie('amy'));
    expect(passes).toHaveBeenCalledTimes(1);
    const mirrored = await engine.selfie(await selfie('amy', true));
    expect(face).not.toBeNull();
    expect(mirrored).not.toBeNull();
    // The same person at the product's threshold, with room to spare (0.55).
    expect(descriptorDistance(face!.descriptor, mirrored!.descriptor)).toBeLessThan(0.2);
  }, 300_000);
});

describe('a photo', () => {
  it('gives every face of a group photo, and the small faces of a crowd from tiles of it', async () => {
    const engine = await FaceEngine.load();
    const groups = ['bbt1.jpg', 'bbt2.jpg', 'bbt3.jpg', 'bbt4.jpg', 'bbt5.jpg'];
    const bbt4 = await sharp(path.join(facesFolder(), 'bbt4.jpg')).toBuffer();
    expect(await engine.facesIn(bbt4)).toHaveLength(6);
    // The five group photos (23 faces) over and over in a 4 x 4 mosaic of a 1600 x 1200 photo: 73 faces of 25-45
    // px, of which the 256 px pass over the whole photo finds about half.
    const tiles = await Promise.all(
      Array.from({ length: 16 }, async (_, i) => ({
        input: await sharp(path.join(facesFolder(), groups[i % groups.length]!))
          .resize(400, 300, { fit: 'fill' })
          .toBuffer(),
        left: (i % 4) * 400,
        top: Math.floor(i / 4) * 300,
      })),
    );
    const crowd = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#777' } })
      .composite(tiles)
      .jpeg({ quality: 85 })
      .toBuffer();
    const found = await engine.facesIn(crowd);
    expect(found.length).toBeGreaterThanOrEqual(65);
  }, 300_000);
});

describe('a crowd', () => {
  it('has its largest faces recorded, up to the limit, and a smaller group all of its own in their order', () => {
    const faces = [30, 90, 60, 120].map((side, found) => ({ width: side, height: side, found }));
    expect(largestFaces(faces, 2).map((face) => face.width)).toEqual([120, 90]);
    expect(largestFaces(faces, 4)).toEqual(faces);
  });
});
