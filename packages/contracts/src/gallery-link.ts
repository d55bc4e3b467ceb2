import type { MailLanguage } from './mail/mail-language.js';

/**
 * Where guests open a gallery in its language: /gallery/{code} in English, /fr/gallery/{code} and
 * /es/gallery/{code} otherwise, as the site's other pages are prefixed. Every link, QR code and mail uses it.
 */
export function galleryPath(code: string, language: MailLanguage): string {
  return `${languagePrefix(language)}/gallery/${encodeURIComponent(code)}`;
}

/** "Find me" of a gallery in its language: where a guest finds the photos they are in with a selfie. */
export function findMePath(code: string, language: MailLanguage): string {
  return `${galleryPath(code, language)}/find-me`;
}

/** The slideshow wall of a gallery in its language (the key follows in the fragment). */
export function wallPath(code: string, language: MailLanguage): string {
  return `${languagePrefix(language)}/wall/${encodeURIComponent(code)}`;
}

function languagePrefix(language: MailLanguage): string {
  return language === 'en' ? '' : `/${language}`;
}

/**
 * On a couple's own domain, which shows one gallery: the gallery in a language at the root (/, /fr, /es), as
 * the product's own site prefixes its pages.
 */
export function customDomainGalleryPath(language: MailLanguage): string {
  return languagePrefix(language) || '/';
}

/** On a couple's own domain: the gallery's "Find me" page in a language (/find-me, /fr/find-me, /es/find-me). */
export function customDomainFindMePath(language: MailLanguage): string {
  return `${languagePrefix(language)}/find-me`;
}

/**
 * Whether a path is one of the pages a couple's own domain serves (customDomainGalleryPath,
 * customDomainFindMePath, a trailing slash allowed); every other path there is a not-found page.
 */
export function isCustomDomainPage(pathname: string): boolean {
  return /^(\/(fr|es))?(\/find-me)?\/?$/.test(pathname);
}

/** A gallery's upgrade page in a language: where its couple lifts its plan's limits. */
export function upgradePath(code: string, language: MailLanguage): string {
  return `${languagePrefix(language)}/upgrade/${encodeURIComponent(code)}`;
}
