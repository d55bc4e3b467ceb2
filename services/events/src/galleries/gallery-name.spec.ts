import { describe, expect, it } from '@jest/globals';
import { galleryName } from './gallery-name.js';

describe('galleryName', () => {
  it('trims, single-spaces and sets the ampersand apart', () => {
    expect(galleryName('  Sarah   &Mike ')).toBe('Sarah & Mike');
    expect(galleryName('Sarah&Mike')).toBe('Sarah & Mike');
    expect(galleryName('Anne-Marie\tand  José')).toBe('Anne-Marie and José');
  });
});
