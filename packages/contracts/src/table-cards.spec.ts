import { describe, expect, it } from '@jest/globals';
import { isTableNumber, TABLE_CARD_TEXTS, tableCardPath, tableFromQuery } from './table-cards.js';

describe('table cards', () => {
  it("links a table's card to the gallery in its language with the table", () => {
    expect(tableCardPath('ACDE3467', 'en', 5)).toBe('/gallery/ACDE3467?table=5');
    expect(tableCardPath('ACDE3467', 'fr', 12)).toBe('/fr/gallery/ACDE3467?table=12');
    expect(tableCardPath('ACDE3467', 'es', null)).toBe('/es/gallery/ACDE3467');
  });

  it('reads the table back from the link, and nothing from a table out of range or made up', () => {
    expect(tableFromQuery('?table=5')).toBe(5);
    expect(tableFromQuery('?utm=x&table=200')).toBe(200);
    for (const search of [
      '',
      '?table=',
      '?table=0',
      '?table=201',
      '?table=5a',
      '?table=-1',
      '?table=1e2',
      '?table=0005',
    ])
      expect(tableFromQuery(search)).toBeNull();
  });

  it('takes tables 1 to 200 only', () => {
    expect([0, 1, 200, 201, 2.5, Number.NaN, '5'].map(isTableNumber)).toEqual([
      false,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('names the table and spells the code in each language', () => {
    expect(TABLE_CARD_TEXTS.en.table(5)).toBe('Table 5');
    expect(TABLE_CARD_TEXTS.fr.table(5)).toBe('Table 5');
    expect(TABLE_CARD_TEXTS.es.table(5)).toBe('Mesa 5');
    expect(TABLE_CARD_TEXTS.fr.code('ACDE 3467')).toBe('Code de la galerie : ACDE 3467');
  });
});
