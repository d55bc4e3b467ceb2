import { describe, expect, it } from '@jest/globals';
import { PAGE_RETRY_FIRST_MS, PAGE_RETRY_MAX_MS, pageRetryMs } from './pageRetry';

describe('pageRetryMs', () => {
  it('waits out a refusal for going too fast for the seconds it gives', () => {
    expect(pageRetryMs({ code: 'RATE_LIMITED', count: 7, extensions: {} }, 1)).toBe(7000);
    expect(pageRetryMs({ code: 'RATE_LIMITED', count: 7, extensions: {} }, 5)).toBe(7000);
  });

  it('tries a lost read again after a wait that doubles, up to its ceiling', () => {
    const lost = { code: 'SERVICE_UNAVAILABLE', extensions: {} } as const;
    expect([1, 2, 3].map((failures) => pageRetryMs(lost, failures))).toEqual([
      PAGE_RETRY_FIRST_MS,
      2 * PAGE_RETRY_FIRST_MS,
      4 * PAGE_RETRY_FIRST_MS,
    ]);
    expect(pageRetryMs(lost, 40)).toBe(PAGE_RETRY_MAX_MS);
  });

  it('leaves an error that asking again will not mend to the guest', () => {
    expect(pageRetryMs({ code: 'PIN_REQUIRED', extensions: {} }, 1)).toBeNull();
    expect(pageRetryMs({ code: 'GALLERY_NOT_FOUND', extensions: {} }, 1)).toBeNull();
  });
});
