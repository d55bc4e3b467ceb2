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

  it('names a photo after the guest who gave a name, and the original file otherwise', () => {
    const names = new EntryNames('G');
    const at = '2026-06-13T18:04:05Z';
    expect(names.next({ fileName: 'IMG_1.jpg', createdAt: at, kind: 'photo', guestName: 'Anna' })).toBe(
      'G/2026-06-13 18.04.05 Anna.jpg',
    );
    expect(names.next({ fileName: 'IMG_2.jpg', createdAt: at, kind: 'photo', guestName: 'anna' })).toBe(
      'G/2026-06-13 18.04.05 anna (2).jpg',
    );
    expect(names.next({ fileName: 'IMG_3.jpg', createdAt: at, kind: 'photo', guestName: null })).toBe(
      'G/2026-06-13 18.04.05 IMG_3.jpg',
    );
    expect(names.next({ fileName: 'x.heic', createdAt: at, kind: 'photo', guestName: 'A/B: "C"' })).toBe(
      'G/2026-06-13 18.04.05 A_B_ _C_.heic',
    );
  });

  it('puts each guest in a folder of their own in the BY_GUEST layout', () => {
    const names = new EntryNames('Sarah & Mike', 'BY_GUEST');
    const at = '2026-06-13T18:04:05Z';
    expect(names.next({ fileName: 'a.jpg', createdAt: at, kind: 'photo', guestName: 'Anna' })).toBe(
      'Sarah & Mike/Anna/2026-06-13 18.04.05 Anna.jpg',
    );
    expect(names.next({ fileName: 'b.jpg', createdAt: at, kind: 'photo', guestName: 'ANNA' })).toBe(
      'Sarah & Mike/Anna/2026-06-13 18.04.05 ANNA (2).jpg',
    );
    expect(names.next({ fileName: 'c.mp4', createdAt: at, kind: 'video', guestName: 'Anna' })).toBe(
      'Sarah & Mike/Anna/Videos/2026-06-13 18.04.05 Anna.mp4',
    );
    expect(names.next({ fileName: 'd.jpg', createdAt: at, kind: 'photo', guestName: null })).toBe(
      'Sarah & Mike/Guests without a name/2026-06-13 18.04.05 d.jpg',
    );
    expect(names.next({ fileName: 'e.jpg', createdAt: at, kind: 'photo', guestName: '..' })).toBe(
      'Sarah & Mike/Guests without a name/2026-06-13 18.04.05 e.jpg',
    );
  });

  it('puts each photo challenge in a folder named after its prompt in the BY_CHALLENGE layout', () => {
    const names = new EntryNames('Sarah & Mike', 'BY_CHALLENGE');
    const at = '2026-06-13T18:04:05Z';
    const photo = { createdAt: at, kind: 'photo' as const, guestName: null };
    expect(names.next({ ...photo, fileName: 'a.jpg', challengePrompt: 'The best dance move' })).toBe(
      'Sarah & Mike/The best dance move/2026-06-13 18.04.05 a.jpg',
    );
    expect(names.next({ ...photo, fileName: 'b.jpg', challengePrompt: '../<b>Cake</b>' })).toBe(
      // Markup and path separators cannot climb out of the folder: they become underscores.
      'Sarah & Mike/__b_Cake__b_/2026-06-13 18.04.05 b.jpg',
    );
    expect(names.next({ ...photo, fileName: 'c.jpg', challengePrompt: null })).toBe(
      'Sarah & Mike/Photos without a challenge/2026-06-13 18.04.05 c.jpg',
    );
  });

  it("puts each table card's photos in a folder named after its table in the BY_TABLE layout", () => {
    const names = new EntryNames('Sarah & Mike', 'BY_TABLE');
    const photo = { createdAt: '2026-06-13T18:04:05Z', kind: 'photo' as const, guestName: null };
    expect(names.next({ ...photo, fileName: 'a.jpg', tableNumber: 5 })).toBe(
      'Sarah & Mike/Table 5/2026-06-13 18.04.05 a.jpg',
    );
    expect(names.next({ ...photo, fileName: 'b.jpg', tableNumber: null })).toBe(
      'Sarah & Mike/Photos from no table/2026-06-13 18.04.05 b.jpg',
    );
  });
});
