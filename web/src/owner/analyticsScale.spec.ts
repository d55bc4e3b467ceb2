import { describe, expect, it } from '@jest/globals';
import { countTicks, everyDay, formatDay } from './analyticsScale';

const day = (date: string, uploads = 1) => ({ day: date, views: 0, uploads, downloads: 0, guests: 0 });

describe('analytics scale', () => {
  it('ticks counts in even steps of 1, 2 or 5 times a power of ten', () => {
    expect(countTicks(0)).toEqual([0, 1]);
    expect(countTicks(3)).toEqual([0, 1, 2, 3]);
    expect(countTicks(8)).toEqual([0, 2, 4, 6, 8]);
    expect(countTicks(32)).toEqual([0, 10, 20, 30, 40]);
    expect(countTicks(17)).toEqual([0, 5, 10, 15, 20]);
    expect(countTicks(240)).toEqual([0, 50, 100, 150, 200, 250]);
  });

  it('draws every day between the first and the last, those without activity at zero', () => {
    expect(everyDay([day('2026-12-30'), day('2027-01-02', 4)]).map((d) => [d.day, d.uploads])).toEqual([
      ['2026-12-30', 1],
      ['2026-12-31', 0],
      ['2027-01-01', 0],
      ['2027-01-02', 4],
    ]);
    expect(everyDay([])).toEqual([]);
  });

  it('names days in the page language, never ISO', () => {
    expect(formatDay('2026-12-05', 'en')).toBe('Dec 5');
    expect(formatDay('2026-12-05', 'fr')).toBe('5 déc.');
    expect(formatDay('2026-12-05', 'es')).toBe('5 dic');
  });
});
