/** @jest-environment ./services/faces/test/native-arrays-environment.mjs */
import path from 'node:path';
import { describe, expect, it } from '@jest/globals';
import sharp from 'sharp';
import { facesFolder } from '@gallery/testing';
import { FaceEngine, SAME_PERSON_DISTANCE, descriptorDistance } from '../engine/face-engine.js';
import {
  FOUND_FACES_LOOKED_NEAR,
  type GalleryFace,
  NEAR_A_FOUND_FACE,
  NEAR_THE_SELFIE,
  photosOfTheSelfie,
  squaredDistanceWithin,
} from './face-search.js';

// The selfie at the origin; a face given by its first coordinates (the rest 0), so distances are plain geometry.
const selfie = new Float32Array(128);
const at = (...coordinates: number[]) => {
  const descriptor = new Float32Array(128);
  descriptor.set(coordinates);
  return descriptor;
};
const face = (photoId: string, ...coordinates: number[]) => ({ photoId, descriptor: at(...coordinates) });

describe('photos of the selfie', () => {
  it('are the photos with a face nearer than the threshold, nearest first, each once', () => {
    const found = photosOfTheSelfie(selfie, [
      face('far', 0, 0.9),
      face('second', 0.5),
      face('first', 0.3),
      face('first', 0.4, 0.1),
    ]);
    expect(found).toEqual(['first', 'second']);
  });

  it("also hold a face near one already found and not far from the selfie: the guest's face of the night", () => {
    expect(SAME_PERSON_DISTANCE).toBeLessThan(0.6);
    expect(NEAR_THE_SELFIE).toBeGreaterThan(0.6);
    const found = photosOfTheSelfie(selfie, [
      face('group', 0.6), // 0.6 from the selfie, 0.1 from the face found
      face('portrait', 0.5),
    ]);
    expect(found).toEqual(['portrait', 'group']);
  });

  it('leave out a face near the selfie but far from every face found, or too far from the selfie', () => {
    const found = photosOfTheSelfie(selfie, [
      face('portrait', 0.5),
      face('someone else', 0, 0.6), // 0.78 from the face found
      face('too far', 0.7), // 0.2 from the face found, 0.7 from the selfie
    ]);
    expect(found).toEqual(['portrait']);
    expect(photosOfTheSelfie(selfie, [face('alone', 0.6)])).toEqual([]);
  });

  it('look once: a face near a face found that way only is not taken', () => {
    const portrait = at(0.5);
    const second = at(0.35, 0.44);
    const third = at(0, 0.44, 0.37);
    expect(descriptorDistance(second, portrait)).toBeLessThan(NEAR_A_FOUND_FACE);
    expect(descriptorDistance(third, second)).toBeLessThan(NEAR_A_FOUND_FACE);
    expect(descriptorDistance(third, portrait)).toBeGreaterThan(NEAR_A_FOUND_FACE);
    const found = photosOfTheSelfie(selfie, [
      { photoId: 'portrait', descriptor: portrait },
      { photoId: 'second', descriptor: second },
      { photoId: 'third', descriptor: third },
    ]);
    expect(found).toEqual(['portrait', 'second']);
  });

  it('look near the faces found nearest the selfie only, so a search costs the same for a guest in every photo', () => {
    const nearest = Array.from({ length: FOUND_FACES_LOOKED_NEAR }, (_, i) => face(`nearest ${i}`, 0.3));
    const farthest = face('farthest found', 0, 0.5);
    const nearTheFarthest = face('near the farthest', 0, 0.58); // 0.65 from the others found
    expect(photosOfTheSelfie(selfie, [...nearest, farthest, nearTheFarthest])).not.toContain(
      'near the farthest',
    );
    expect(photosOfTheSelfie(selfie, [...nearest.slice(1), farthest, nearTheFarthest])).toContain(
      'near the farthest',
    );
  });
});

describe('a search on the labeled group photos', () => {
  it("finds a guest's photos the selfie's faces alone miss, and no photo they are not in", async () => {
    const engine = await FaceEngine.load();
    const faces: GalleryFace[] = [];
    for (const photo of ['bbt1', 'bbt2', 'bbt3', 'bbt4', 'bbt5']) {
      const image = await sharp(path.join(facesFolder(), `${photo}.jpg`)).toBuffer();
      for (const { descriptor } of await engine.facesIn(image)) faces.push({ photoId: photo, descriptor });
    }
    const search = async (person: string, n: number) => {
      const portrait = await sharp(path.join(facesFolder(), person, `${person}${n}.png`)).toBuffer();
      const { descriptor } = (await engine.selfie(portrait))!;
      const alone = faces.filter(
        (face) => descriptorDistance(face.descriptor, descriptor) < SAME_PERSON_DISTANCE,
      );
      return {
        alone: [...new Set(alone.map((face) => face.photoId))].sort(),
        found: photosOfTheSelfie(descriptor, faces).sort(),
      };
    };
    // Leonard is in all five; Penny in bbt3, bbt4 and bbt5.
    expect(await search('leonard', 2)).toEqual({
      alone: ['bbt2', 'bbt3', 'bbt4', 'bbt5'],
      found: ['bbt1', 'bbt2', 'bbt3', 'bbt4', 'bbt5'],
    });
    expect(await search('penny', 2)).toEqual({ alone: ['bbt3', 'bbt5'], found: ['bbt3', 'bbt4', 'bbt5'] });
  }, 120_000);
});

describe('descriptors', () => {
  it('are compared by squared distance, none past the limit', () => {
    const [a, b] = [at(0.1, 0.2, 0.3), at(-0.2, 0.1)];
    const distance = descriptorDistance(a, b);
    expect(squaredDistanceWithin(a, b, (distance + 0.01) ** 2)).toBeCloseTo(distance ** 2, 5);
    expect(squaredDistanceWithin(a, b, (distance - 0.01) ** 2)).toBeNull();
    expect(squaredDistanceWithin(a, a, 0.0001)).toBe(0);
  });
});
