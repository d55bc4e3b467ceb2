import { describe, expect, it } from '@jest/globals';
import { ABANDONED_UPLOAD_AGE_MS, abandonedUploadCutoff } from './abandoned-upload-cutoff.js';
import { UPLOAD_URL_SECONDS } from './upload-url-lifetime.js';

const MINUTE = 60 * 1000;
const now = new Date('2026-06-13T22:00:00Z');
const abandonedAt = (createdAt: Date) => createdAt < abandonedUploadCutoff(now);

describe('abandonedUploadCutoff', () => {
  it('counts a pending upload abandoned once it is more than an hour old', () => {
    expect(abandonedAt(new Date(now.getTime() - 61 * MINUTE))).toBe(true);
    expect(abandonedAt(new Date(now.getTime() - 2 * 60 * MINUTE))).toBe(true);
  });

  it('leaves a pending upload alone up to an hour, its exact hour included', () => {
    expect(abandonedAt(new Date(now.getTime() - 59 * MINUTE))).toBe(false);
    expect(abandonedAt(new Date(now.getTime() - 60 * MINUTE))).toBe(false);
    expect(abandonedAt(now)).toBe(false);
  });

  it('waits at least half an hour past the upload URL expiry, so no slow PUT can still land', () => {
    expect(ABANDONED_UPLOAD_AGE_MS).toBeGreaterThanOrEqual(UPLOAD_URL_SECONDS * 1000 + 30 * MINUTE);
  });
});
