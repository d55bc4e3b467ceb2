import { describe, expect, it } from '@jest/globals';
import { downloadFileName } from './download-file-name.js';

describe('downloadFileName', () => {
  it('gives the extension of the detected type, whatever the name said', () => {
    expect(downloadFileName('party.exe', 'image/jpeg')).toBe('party.jpg');
    expect(downloadFileName('IMG_2041.JPG', 'image/png')).toBe('IMG_2041.png');
    expect(downloadFileName('IMG_4242.HEIC', 'image/heic')).toBe('IMG_4242.heic');
  });

  it('adds the extension to a name that has none', () => {
    expect(downloadFileName('photo', 'image/webp')).toBe('photo.webp');
    expect(downloadFileName('photo', 'image/heif')).toBe('photo.heif');
  });

  it('gives a video the extension of its detected container', () => {
    expect(downloadFileName('IMG_0042.MOV', 'video/quicktime')).toBe('IMG_0042.mov');
    expect(downloadFileName('First dance.mov', 'video/mp4')).toBe('First dance.mp4');
    expect(downloadFileName('toast', 'video/webm')).toBe('toast.webm');
  });

  it('replaces only the last extension', () => {
    expect(downloadFileName('summer.2026.tar.gz', 'image/jpeg')).toBe('summer.2026.tar.jpg');
  });
});
