import { describe, expect, it } from '@jest/globals';
import { retryDelayMs } from './durable-consumer.js';

describe('retryDelayMs', () => {
  it('starts at one second and doubles', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never waits more than a minute', () => {
    expect(retryDelayMs(30)).toBe(60_000);
  });
});
