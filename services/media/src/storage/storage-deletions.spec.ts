import { describe, expect, it } from '@jest/globals';
import { deletionRetryDelayMs } from './storage-deletions.js';

const SECOND = 1000;

describe('deletionRetryDelayMs', () => {
  it('retries half a minute after the first failure, then twice as long each time', () => {
    expect([1, 2, 3, 4].map(deletionRetryDelayMs)).toEqual([
      30 * SECOND,
      60 * SECOND,
      120 * SECOND,
      240 * SECOND,
    ]);
  });

  it('never waits more than an hour, however long storage stays down', () => {
    expect(deletionRetryDelayMs(8)).toBe(60 * 60 * SECOND);
    expect(deletionRetryDelayMs(1000)).toBe(60 * 60 * SECOND);
  });
});
