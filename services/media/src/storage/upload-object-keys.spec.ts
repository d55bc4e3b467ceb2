import { describe, expect, it } from '@jest/globals';
import { stagingObjectKey, uploadObjectKeys } from './upload-object-keys.js';

const id = '0b5e2c0e-6a8e-4f53-9d7a-5d2f0c1e9a11';

describe('uploadObjectKeys', () => {
  it('stages an upload under a key that names no gallery', () => {
    expect(stagingObjectKey(id)).toBe(`staging/${id}`);
    expect(uploadObjectKeys({ id, eventCode: 'KQ7MXT4P', objectKey: stagingObjectKey(id) })).toEqual([
      `staging/${id}`,
    ]);
  });

  it('names what an upload staged the old way may have left: its original and derived images', () => {
    expect(
      uploadObjectKeys({ id, eventCode: 'KQ7MXT4P', objectKey: `events/KQ7MXT4P/originals/${id}` }).sort(),
    ).toEqual([
      `events/KQ7MXT4P/originals/${id}`,
      `events/KQ7MXT4P/previews/${id}.jpg`,
      `events/KQ7MXT4P/thumbnails/${id}.jpg`,
    ]);
  });
});
