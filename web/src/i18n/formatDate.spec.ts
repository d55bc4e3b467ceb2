import { describe, expect, it } from '@jest/globals';
import { formatDate, formatLastDay } from './formatDate';

describe('formatDate', () => {
  it("formats as 'MMM dd, yyyy' on the UTC day in English", () => {
    expect(formatDate('2026-03-05T23:30:00Z', 'en')).toBe('Mar 05, 2026');
    expect(formatDate('2026-12-31', 'en')).toBe('Dec 31, 2026');
    expect(formatDate(new Date(Date.UTC(2027, 0, 1)), 'en')).toBe('Jan 01, 2027');
    expect(formatDate(Date.UTC(2025, 6, 14, 12), 'en')).toBe('Jul 14, 2025');
  });

  it('writes the day first in French and Spanish, as those languages do', () => {
    expect(formatDate('2026-12-25', 'fr')).toBe('25 déc. 2026');
    expect(formatDate('2026-12-25', 'es')).toBe('25 dic 2026');
    expect(formatDate('2026-08-09', 'fr')).toBe('9 août 2026');
  });

  it('defaults to English outside a page', () => {
    expect(formatDate('2026-12-25')).toBe('Dec 25, 2026');
  });

  it("throws RangeError('Invalid time value') for invalid dates", () => {
    for (const value of ['not a date', '', null, undefined, Number.NaN, new Date('x')]) {
      expect(() => formatDate(value)).toThrow(new RangeError('Invalid time value'));
    }
  });
});

describe('formatLastDay', () => {
  it('names the day before a midnight end, and the day itself otherwise', () => {
    expect(formatLastDay('2027-01-02T00:00:00.000Z', 'fr')).toBe('1 janv. 2027');
    expect(formatLastDay('2027-01-02T10:00:00.000Z', 'en')).toBe('Jan 02, 2027');
  });
});
