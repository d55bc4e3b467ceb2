import { describe, expect, it } from '@jest/globals';
import { backupPath } from './backup-paths.js';

const gallery = { code: 'ABCD-1234', name: 'Sarah & Mike' };
const photo = {
  id: '1f2e3d4c-0000-4000-8000-000000000001',
  fileName: 'IMG_0001.jpg',
  createdAt: '2026-06-13T18:04:05.000Z',
  guestName: 'Anna',
  kind: 'photo' as const,
};

describe('backupPath', () => {
  it('puts a photo in the gallery folder, named by when it was taken, who sent it and its id', () => {
    expect(backupPath(gallery, photo, false)).toEqual([
      'Sarah & Mike ABCD-1234',
      '2026-06-13 18.04.05 Anna 1f2e3d4c.jpg',
    ]);
  });

  it('adds a folder per guest when the couple chose so, and one for photos without a name', () => {
    expect(backupPath(gallery, photo, true)).toEqual([
      'Sarah & Mike ABCD-1234',
      'Anna',
      '2026-06-13 18.04.05 Anna 1f2e3d4c.jpg',
    ]);
    expect(backupPath(gallery, { ...photo, guestName: null }, true)).toEqual([
      'Sarah & Mike ABCD-1234',
      'Guests without a name',
      '2026-06-13 18.04.05 IMG_0001 1f2e3d4c.jpg',
    ]);
  });

  it('never lets a name climb out of its folder', () => {
    const [, guest, name] = backupPath(gallery, { ...photo, guestName: '../../etc' }, true);
    expect(guest).not.toContain('/');
    expect(name).not.toContain('/');
  });
});
