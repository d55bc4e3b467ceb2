import { describe, expect, it } from '@jest/globals';
import { descriptorDistance } from '../engine/face-engine.js';
import { descriptorBytes, descriptorOf, squaredDistanceWithin } from './face-records.js';

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

  it('are compared by squared distance, none past the limit', () => {
    const [a, b] = [descriptor(1), descriptor(2)];
    const distance = descriptorDistance(a, b);
    expect(squaredDistanceWithin(a, b, (distance + 0.01) ** 2)).toBeCloseTo(distance ** 2, 5);
    expect(squaredDistanceWithin(a, b, (distance - 0.01) ** 2)).toBeNull();
    expect(squaredDistanceWithin(a, a, 0.0001)).toBe(0);
  });
});
