import { describe, expect, it } from '@jest/globals';
import { formatDate } from './formatDate';

describe('formatDate', () => {
  it("formats as 'MMM dd, yyyy' on the UTC day", () => {
    expect(formatDate('2026-03-05T23:30:00Z')).toBe('Mar 05, 2026');
    expect(formatDate('2026-12-31')).toBe('Dec 31, 2026');
    expect(formatDate(new Date(Date.UTC(2027, 0, 1)))).toBe('Jan 01, 2027');
    expect(formatDate(Date.UTC(2025, 6, 14, 12))).toBe('Jul 14, 2025');
  });

  it('uses the given locale for the month name', () => {
    expect(formatDate('2026-08-09', 'fr')).toMatch(/^ao[uû]t\.? 09, 2026$/);
  });

  it("throws RangeError('Invalid time value') for invalid dates", () => {
    for (const value of ['not a date', '', null, undefined, Number.NaN, new Date('x')]) {
      expect(() => formatDate(value)).toThrow(new RangeError('Invalid time value'));
    }
  });
});
