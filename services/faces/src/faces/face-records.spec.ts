import { describe, expect, it } from '@jest/globals';
import { descriptorBytes, descriptorOf } from './face-records.js';

const descriptor = (seed: number) =>
  Float32Array.from({ length: 128 }, (_, i) => Math.sin(seed * 7 + i) / 10);

describe('stored descriptors', () => {
  it('read back exactly what was stored, aligned in its buffer or not', () => {
    const stored = descriptorBytes(descriptor(1));
    expect(stored).toHaveLength(512);
    expect(Array.from(descriptorOf(stored))).toEqual(Array.from(descriptor(1)));
    const unaligned = Buffer.concat([Buffer.from([0]), stored]).subarray(1);
    expect(Array.from(descriptorOf(unaligned))).toEqual(Array.from(descriptor(1)));
  });
});
