import { describe, expect, it } from '@jest/globals';
import { cleanFileName, MAX_FILE_NAME_BYTES } from './clean-file-name.js';

describe('cleanFileName', () => {
  it('keeps an ordinary name as it is, accents included', () => {
    expect(cleanFileName('IMG_2041.JPG')).toBe('IMG_2041.JPG');
    expect(cleanFileName('Première danse.jpg')).toBe('Première danse.jpg');
  });

  it('removes control characters and the marks that reverse how a name reads', () => {
    expect(cleanFileName('party\u202Egpj.exe')).toBe('partygpj.exe');
    expect(cleanFileName('a\u2066b\u2069c\u200F.jpg')).toBe('abc.jpg');
    expect(cleanFileName('line\r\nbreak\0.jpg')).toBe('linebreak.jpg');
  });

  it('makes path separators plain and drops leading dots', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('_.._etc_passwd');
    expect(cleanFileName('C:\\Users\\me\\photo.jpg')).toBe('C:_Users_me_photo.jpg');
    expect(cleanFileName('.hidden.jpg')).toBe('hidden.jpg');
  });

  it('caps the name in bytes without cutting a character in two', () => {
    const long = cleanFileName('é'.repeat(300));
    expect(Buffer.byteLength(long)).toBeLessThanOrEqual(MAX_FILE_NAME_BYTES);
    expect(long).toBe('é'.repeat(127));
    expect(cleanFileName('a'.repeat(1000))).toHaveLength(MAX_FILE_NAME_BYTES);
  });

  it('names a photo that has nothing left of its name "photo"', () => {
    expect(cleanFileName('  ')).toBe('photo');
    expect(cleanFileName('\u202E\u0000')).toBe('photo');
  });
});
