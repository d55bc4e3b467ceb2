import { SAME_PERSON_DISTANCE } from '../engine/face-engine.js';

/** One face of a gallery's photo, as recorded. */
export interface GalleryFace {
  photoId: string;
  descriptor: Float32Array;
}

/**
 * A face farther from the selfie than the threshold is still the guest when it is this near a face already found
 * in the gallery, and ...
 */
export const NEAR_A_FOUND_FACE = 0.515;
/** ... no farther than this from the selfie. Both measured with `node bench/faces-accuracy.mjs` (decisions.md). */
export const NEAR_THE_SELFIE = 0.62;
/** Faces found that others are looked for near. */
export const FOUND_FACES_LOOKED_NEAR = 64;

/**
 * The photos of `faces` the selfie's person is in, nearest first. First every photo with a face nearer than the
 * one threshold to the selfie; then, once, every photo with a face near one of those found and not far from the
 * selfie. A selfie is a close, frontal, well-lit face; the gallery's faces are of the night: their own light, angle
 * and size. The faces found in the gallery are nearer to the guest's other faces there than the selfie is, and
 * bridge that gap (recall in group photos 79 -> 90% at the same precision).
 */
export function photosOfTheSelfie(selfie: Float32Array, faces: Iterable<GalleryFace>): string[] {
  const sameSquared = SAME_PERSON_DISTANCE ** 2;
  const found = new Map<string, { squared: number; descriptor: Float32Array }>();
  const maybe: { photoId: string; squared: number; descriptor: Float32Array }[] = [];
  for (const face of faces) {
    const squared = squaredDistanceWithin(face.descriptor, selfie, NEAR_THE_SELFIE ** 2);
    if (squared === null) continue;
    if (squared >= sameSquared) {
      maybe.push({ ...face, squared });
      continue;
    }
    const known = found.get(face.photoId);
    if (!known || squared < known.squared) found.set(face.photoId, { squared, descriptor: face.descriptor });
  }
  // The face of each photo found that is nearest the selfie (a photo holds one face of the guest), the nearest
  // photos' only: enough to bridge the gap, and a search costs the same however many photos the guest is in.
  const foundFaces = [...found.values()]
    .sort((a, b) => a.squared - b.squared)
    .slice(0, FOUND_FACES_LOOKED_NEAR)
    .map((f) => f.descriptor);
  const nearFoundSquared = NEAR_A_FOUND_FACE ** 2;
  const alsoFound = new Map<string, number>();
  for (const face of maybe) {
    if (found.has(face.photoId)) continue;
    const known = alsoFound.get(face.photoId);
    if (known !== undefined && known <= face.squared) continue;
    if (
      foundFaces.some((other) => squaredDistanceWithin(face.descriptor, other, nearFoundSquared) !== null)
    ) {
      alsoFound.set(face.photoId, face.squared);
    }
  }
  return [...[...found].map(([photoId, f]) => [photoId, f.squared] as const), ...alsoFound]
    .sort((a, b) => a[1] - b[1])
    .map(([photoId]) => photoId);
}

/**
 * The squared distance of two descriptors when it is under `limitSquared`, else null: most faces of a gallery are
 * someone else's, and a sum past the limit stops early.
 */
export function squaredDistanceWithin(a: Float32Array, b: Float32Array, limitSquared: number): number | null {
  let sum = 0;
  for (let i = 0; i < a.length; i += 16) {
    for (let j = i; j < i + 16 && j < a.length; j++) {
      const d = a[j]! - b[j]!;
      sum += d * d;
    }
    if (sum >= limitSquared) return null;
  }
  return sum;
}
