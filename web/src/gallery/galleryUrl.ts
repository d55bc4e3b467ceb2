import { galleryPath } from '@gallery/contracts';
import type { Language } from '../i18n/languages';

/** The address guests open, in the gallery's language: this site's /gallery/{code}, /fr/gallery/{code}, ... */
export function galleryUrl(
  code: string,
  language: Language = 'en',
  origin: string = window.location.origin,
): string {
  return `${origin}${galleryPath(code, language)}`;
}
