import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { facesFolder, labeledSet, type LabeledPhoto, type QualityLabel } from '@gallery/testing';
import { measuredQuality } from '../../test/measured-quality.js';
import { ImageProcessor } from '../images/image-processor.js';
import { hashDistance, type PhotoQuality } from '../images/photo-quality.js';
import { ownHints, QUALITY_THRESHOLDS } from './quality-hints.js';

const processor = new ImageProcessor();
afterAll(() => processor.onModuleDestroy());

/** A photo's measures as an upload makes them. */
const measured = (bytes: Buffer): Promise<PhotoQuality> => measuredQuality(processor, bytes);

describe('quality hints on a labeled set (two group photos: good, blurred, darkened, near-duplicates)', () => {
  let photos: (LabeledPhoto & { quality: PhotoQuality })[];
  beforeAll(async () => {
    const set = await labeledSet(facesFolder(), 2);
    photos = [];
    for (const photo of set) photos.push({ ...photo, quality: await measured(photo.bytes) });
  }, 60_000);

  it('gives each photo exactly the hints its label says', () => {
    const hinted = photos.map((photo) => {
      const own = ownHints(photo.quality);
      const labels: QualityLabel[] = [];
      if (own.blurry) labels.push('blurry');
      if (own.dark) labels.push('dark');
      const twin = photos.some(
        (other) =>
          other !== photo &&
          hashDistance(other.quality.perceptualHash, photo.quality.perceptualHash) <=
            QUALITY_THRESHOLDS.nearDuplicateWithin,
      );
      if (twin) labels.push('nearDuplicate');
      return `${photo.name}: ${labels.join(', ')}`;
    });
    const expected = photos.map((photo) => `${photo.name}: ${[...photo.labels].join(', ')}`);
    expect(photos.length).toBeGreaterThanOrEqual(14);
    expect(hinted).toEqual(expected);
  });
});
