import { describe, expect, it } from '@jest/globals';
import { archiveDisposition, cleanSegment, EntryNames, galleryFolderName } from './entry-names.js';

describe('zip entry names', () => {
  it('names photos by time and original name under the gallery folder, videos in their own folder', () => {
    const names = new EntryNames('Sarah & Mike');
    expect(names.next({ fileName: 'IMG_1.jpg', createdAt: '2026-06-13T18:04:05.123Z', kind: 'photo' })).toBe(
      'Sarah & Mike/2026-06-13 18.04.05 IMG_1.jpg',
    );
    expect(names.next({ fileName: 'clip.mp4', createdAt: '2026-06-13T18:04:05Z', kind: 'video' })).toBe(
      'Sarah & Mike/Videos/2026-06-13 18.04.05 clip.mp4',
    );
  });

  it('never gives one name twice, whatever the case', () => {
    const names = new EntryNames('G');
    const photo = { fileName: 'a.jpg', createdAt: '2026-06-13T18:00:00Z', kind: 'photo' as const };
    expect(names.next(photo)).toBe('G/2026-06-13 18.00.00 a.jpg');
    expect(names.next(photo)).toBe('G/2026-06-13 18.00.00 a (2).jpg');
    expect(names.next({ ...photo, fileName: 'A.JPG' })).toBe('G/2026-06-13 18.00.00 A (3).JPG');
  });

  it('cleans names no file system would take', () => {
    expect(cleanSegment('../../etc/passwd', 'x')).toBe('_.._etc_passwd');
    expect(cleanSegment('a:b*c?"d"<e>|\u0001', 'x')).toBe('a_b_c__d__e___');
    expect(cleanSegment(' ... ', 'x')).toBe('x');
    expect(cleanSegment('CON', 'x')).toBe('x');
    expect(galleryFolderName('')).toBe('Gallery');
    expect(Array.from(cleanSegment('é'.repeat(500), 'x')).length).toBe(120);
  });

  it('offers the zip under the gallery name, safe in every browser', () => {
    expect(archiveDisposition('Sarah & Mike')).toBe(
      `attachment; filename="Sarah & Mike - photos.zip"; filename*=UTF-8''Sarah%20%26%20Mike%20-%20photos.zip`,
    );
    expect(archiveDisposition('Zoë "Z" & Léa')).toBe(
      `attachment; filename="Zo_ _Z_ & L_a - photos.zip"; filename*=UTF-8''Zo%C3%AB%20_Z_%20%26%20L%C3%A9a%20-%20photos.zip`,
    );
  });
});
