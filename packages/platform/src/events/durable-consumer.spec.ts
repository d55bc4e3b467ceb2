import { describe, expect, it } from '@jest/globals';
import { durableName, retryDelayMs } from './durable-consumer.js';

describe('retryDelayMs', () => {
  it('starts at one second and doubles', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 8000]);
  });

  it('never waits more than a minute', () => {
    expect(retryDelayMs(30)).toBe(60_000);
  });
});

describe('durableName', () => {
  it('names the same subjects in any order the same durable', () => {
    expect(durableName('media', ['photo.uploaded', 'event.created'])).toBe(
      durableName('media', ['event.created', 'photo.uploaded']),
    );
  });

  it('gives the logical consumer a new durable when its subjects change', () => {
    const before = durableName('media', ['event.created']);
    const after = durableName('media', ['event.created', 'photo.uploaded']);
    expect(after).not.toBe(before);
    expect(after).toMatch(/^media-[0-9a-f]{8}$/);
  });
});
