import { describe, expect, it } from '@jest/globals';
import { uploadObjectKeys } from './upload-object-keys.js';

describe('uploadObjectKeys', () => {
  it('names the original and the derived images a failed confirmation may have left, each once', () => {
    const id = '0b5e2c0e-6a8e-4f53-9d7a-5d2f0c1e9a11';
    expect(
      uploadObjectKeys({ id, eventCode: 'SARAHMIKE', objectKey: `events/SARAHMIKE/originals/${id}` }).sort(),
    ).toEqual([
      `events/SARAHMIKE/originals/${id}`,
      `events/SARAHMIKE/previews/${id}.jpg`,
      `events/SARAHMIKE/thumbnails/${id}.jpg`,
    ]);
  });

  it('keeps an original stored under another key than the usual one', () => {
    const id = '0b5e2c0e-6a8e-4f53-9d7a-5d2f0c1e9a11';
    expect(uploadObjectKeys({ id, eventCode: 'SARAHMIKE', objectKey: 'legacy/original' })).toContain(
      'legacy/original',
    );
  });
});
