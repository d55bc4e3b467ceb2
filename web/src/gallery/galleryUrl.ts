import { galleryPath } from '@gallery/contracts';
import type { Language } from '../i18n/languages';
import { customDomainGallery } from '../premium/customDomainSite';

/**
 * The address guests open, in the gallery's language: this site's /gallery/{code}, /fr/gallery/{code}, ..., or
 * the root of the couple's own domain when this page is served on it.
 */
export function galleryUrl(
  code: string,
  language: Language = 'en',
  origin: string = window.location.origin,
): string {
  if (customDomainGallery() === code) return `${origin}/`;
  return `${origin}${galleryPath(code, language)}`;
}
