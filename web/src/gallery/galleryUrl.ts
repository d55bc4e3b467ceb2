import { customDomainFindMePath, customDomainGalleryPath, findMePath, galleryPath } from '@gallery/contracts';
import type { Language } from '../i18n/languages';
import { customDomainGallery } from '../api/customDomainSite';

/**
 * The address guests open, in the gallery's language: this site's /gallery/{code}, /fr/gallery/{code}, ..., or
 * the couple's own domain's /, /fr, ... when this page is served on it.
 */
export function galleryUrl(
  code: string,
  language: Language = 'en',
  origin: string = window.location.origin,
): string {
  return `${origin}${galleryPageLink(code, language)}`;
}

/** The gallery's page on this site, as a path: on the couple's own domain when this page is served on it. */
export function galleryPageLink(code: string, language: Language): string {
  return customDomainGallery() === code ? customDomainGalleryPath(language) : galleryPath(code, language);
}

/** The gallery's "Find me" page on this site, as a path: on the couple's own domain when this page is there. */
export function findMePageLink(code: string, language: Language): string {
  return customDomainGallery() === code ? customDomainFindMePath(language) : findMePath(code, language);
}
