import { describe, expect, it } from '@jest/globals';
import { customDomainFindMePath, customDomainGalleryPath, isCustomDomainPage } from './gallery-link.js';
import { MAIL_LANGUAGES } from './mail/mail-language.js';

describe("a couple's own domain: the pages it serves", () => {
  it('serves the gallery and its "Find me" page in every language', () => {
    expect(MAIL_LANGUAGES.map(customDomainGalleryPath)).toEqual(['/', '/fr', '/es']);
    expect(MAIL_LANGUAGES.map(customDomainFindMePath)).toEqual(['/find-me', '/fr/find-me', '/es/find-me']);
    for (const language of MAIL_LANGUAGES) {
      expect(isCustomDomainPage(customDomainGalleryPath(language))).toBe(true);
      expect(isCustomDomainPage(customDomainFindMePath(language))).toBe(true);
      expect(isCustomDomainPage(`${customDomainFindMePath(language)}/`)).toBe(true);
    }
  });

  it('serves nothing else', () => {
    for (const path of [
      '/dashboard',
      '/gallery/KXMP7TQR',
      '/fr/gallery/KXMP7TQR/find-me',
      '/de',
      '/french',
      '/find-me/x',
      '/find-meX',
      '/index.html',
      '//find-me',
      '/fr/es',
    ]) {
      expect([path, isCustomDomainPage(path)]).toEqual([path, false]);
    }
  });
});
