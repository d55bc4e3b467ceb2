import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { readTableCard, rememberTableFromLink } from './tableCard';
import { filteredTable, tableFilter } from './useChallengePhotos';

const stored = new Map<string, string>();
const fakeStorage = {
  getItem: (key: string) => stored.get(key) ?? null,
  setItem: (key: string, value: string) => void stored.set(key, value),
};

describe('the table card a gallery was opened from, on this browser', () => {
  beforeEach(() => {
    stored.clear();
    Object.defineProperty(globalThis, 'localStorage', { value: fakeStorage, configurable: true });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'localStorage');
  });

  it("keeps the table of a card's link until another card is scanned, whatever plain links come between", () => {
    expect(readTableCard('ACDE3467')).toBeNull();
    rememberTableFromLink('ACDE3467', '?table=5');
    rememberTableFromLink('ACDE3467', '');
    expect(readTableCard('ACDE3467')).toBe(5);
    rememberTableFromLink('ACDE3467', '?table=12');
    expect(readTableCard('ACDE3467')).toBe(12);
  });

  it('keeps each gallery apart and takes no table out of range', () => {
    rememberTableFromLink('ACDE3467', '?table=3');
    rememberTableFromLink('XYZ79467', '?table=999');
    expect(readTableCard('XYZ79467')).toBeNull();
    stored.set('gallery-table:XYZ79467', '<b>');
    expect(readTableCard('XYZ79467')).toBeNull();
    expect(readTableCard('ACDE3467')).toBe(3);
  });

  it("names a table's filter and reads it back, and no other filter", () => {
    expect(filteredTable(tableFilter(7))).toBe(7);
    expect(filteredTable('mine')).toBeNull();
    expect(filteredTable(null)).toBeNull();
    expect(filteredTable('3f2c1a9e-0000-4000-8000-000000000000')).toBeNull();
  });
});
