import { describe, expect, it } from '@jest/globals';
import { formatDuration } from './formatDuration';

describe('formatDuration', () => {
  it('writes a length the way video players do', () => {
    expect(formatDuration(0.3)).toBe('0:00');
    expect(formatDuration(2)).toBe('0:02');
    expect(formatDuration(12.4)).toBe('0:12');
    expect(formatDuration(65)).toBe('1:05');
    expect(formatDuration(3723)).toBe('1:02:03');
    expect(formatDuration(null)).toBe('0:00');
  });
});
