import { describe, expect, it } from '@jest/globals';
import { BACKUP_LIMITS, MAX_VIDEO_MEGABYTES } from '@gallery/contracts';
import { copyDeadlineMs } from '../destinations/drive-deadline.js';
import { leaseMs } from './backup-worker.js';

describe('a backup worker’s claim on a copy', () => {
  it('outlasts the deadline of the longest copy, so no copy outlasts the claim it runs under', () => {
    const base = BACKUP_LIMITS.copyBaseSeconds * 1000;
    expect(leaseMs(base)).toBeGreaterThan(copyDeadlineMs(MAX_VIDEO_MEGABYTES * 1024 * 1024, base));
  });
});
