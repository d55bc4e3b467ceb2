import type { MailLanguage } from './mail/mail-language.js';

/**
 * Where guests open a gallery in its language: /gallery/{code} in English, /fr/gallery/{code} and
 * /es/gallery/{code} otherwise, as the site's other pages are prefixed. Every link, QR code and mail uses it.
 */
export function galleryPath(code: string, language: MailLanguage): string {
  const prefix = language === 'en' ? '' : `/${language}`;
  return `${prefix}/gallery/${encodeURIComponent(code)}`;
}
