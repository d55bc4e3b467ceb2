import path from 'node:path';
import { describe, expect, it, jest } from '@jest/globals';
import sharp from 'sharp';
import { facesFolder } from '@gallery/testing';
import { FaceEngine, descriptorDistance } from './face-engine.js';

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
    // Each pass of the detector asks for its options once.
    const passes = jest.spyOn(engine as unknown as { options(minConfidence: number): unknown }, 'options');
    const face = await engine.selfie(await selfie('amy'));
    expect(passes).toHaveBeenCalledTimes(1);
    const mirrored = await engine.selfie(await selfie('amy', true));
    expect(face).not.toBeNull();
    expect(mirrored).not.toBeNull();
    // The same person at the product's threshold, with room to spare (0.55).
    expect(descriptorDistance(face!.descriptor, mirrored!.descriptor)).toBeLessThan(0.2);
  }, 300_000);
});
