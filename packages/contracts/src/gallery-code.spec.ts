import { describe, expect, it } from '@jest/globals';
import {
  formatEventCodeInput,
  GALLERY_CODE_ALPHABET,
  galleryCodeFromBytes,
  isGalleryCode,
  normalizeEventCode,
} from './gallery-code.js';

describe('gallery codes', () => {
  it('never uses look-alike characters', () => {
    for (const lookAlike of '0O1IL2Z5S8B') expect(GALLERY_CODE_ALPHABET).not.toContain(lookAlike);
  });

  it('builds an 8-character upper-case code from random bytes', () => {
    const code = galleryCodeFromBytes(Uint8Array.from([0, 1, 2, 3, 250, 251, 252, 255]));
    expect(code).toMatch(/^[ACDEFGHJKMNPQRTUVWXY34679]{8}$/);
  });

  it('recognises only codes it could have issued', () => {
    expect(isGalleryCode('ACDEFGHJ')).toBe(true);
    for (const other of ['acdefghj', 'ACDEFGH', 'ACDEFGHJK', 'ACDEFGH0', 'ACDEFGH\u0000', '', 42]) {
      expect(isGalleryCode(other)).toBe(false);
    }
  });

  it('upper-cases and caps what guests type at 10 characters', () => {
    expect(formatEventCodeInput('abcdefghijkl')).toBe('ABCDEFGHIJ');
    expect(normalizeEventCode('  wxyz3  ')).toBe('WXYZ3');
  });

  it('reads a code typed with spaces or dashes as the code itself, capped at 10 code characters', () => {
    expect(normalizeEventCode('9pdc 7g9j')).toBe('9PDC7G9J');
    expect(normalizeEventCode(' 9PDC-7G9J ')).toBe('9PDC7G9J');
    expect(formatEventCodeInput('9pdc 7g9j')).toBe('9PDC 7G9J');
    expect(formatEventCodeInput('abcd efgh ijkl')).toBe('ABCD EFGH IJ');
    expect(normalizeEventCode(formatEventCodeInput('abcd-efgh-ijkl'))).toBe('ABCDEFGHIJ');
  });
});
