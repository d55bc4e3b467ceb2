import { describe, expect, it } from '@jest/globals';
import { BACKUP_LIMITS, MAX_PHOTO_MEGABYTES, MAX_VIDEO_MEGABYTES } from '@gallery/contracts';
import { DriveError } from './backup-drive.js';
import { copyDeadlineMs, withinDeadline } from './drive-deadline.js';

describe('a drive call’s deadline', () => {
  it('grows with the copy’s size', () => {
    const base = BACKUP_LIMITS.copyBaseSeconds * 1000;
    expect(copyDeadlineMs(0)).toBe(base);
    expect(copyDeadlineMs(30_000_000)).toBe(base + 30_000);
    const longest = copyDeadlineMs(MAX_VIDEO_MEGABYTES * 1024 * 1024);
    expect(longest).toBeGreaterThan(copyDeadlineMs(MAX_PHOTO_MEGABYTES * 1024 * 1024));
  });

  it('answers UNREACHABLE at the deadline and aborts the call, whatever the call does', async () => {
    let seen: AbortSignal | undefined;
    const never = withinDeadline(20, 'the copy', (signal) => {
      seen = signal;
      return new Promise<void>(() => undefined);
    });
    await expect(never).rejects.toEqual(
      expect.objectContaining({ failure: 'UNREACHABLE', detail: 'the copy did not end within 0.02 s' }),
    );
    await expect(never).rejects.toBeInstanceOf(DriveError);
    expect(seen?.aborted).toBe(true);
  });

  it('gives the call’s own answer when it ends in time', async () => {
    await expect(withinDeadline(10_000, 'the check', () => Promise.resolve('done'))).resolves.toBe('done');
  });
});
