import { isCustomDomainPage } from '@gallery/contracts';

/** The site's languages, how a path names one, and where each page lives in each language. */
export const LANGUAGES = ['en', 'fr', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';
/** Where the visitor's explicit choice from the language dropdown is kept. */
export const LANGUAGE_STORAGE_KEY = 'app-language';

/** Flags are drawn as inline SVG (see layout/Flag.tsx): emoji flags show as empty boxes without an emoji font. */
export const LANGUAGE_OPTIONS: ReadonlyArray<{ code: Language; label: string }> = [
  { code: 'en', label: 'English' },
  { code: 'fr', label: 'Français' },
  { code: 'es', label: 'Español' },
];

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export const PAGE_IDS = [
  'home',
  'features',
  'pricing',
  'howItWorks',
  'about',
  'faq',
  'contact',
  'order',
  'privacy',
  'terms',
  'testimonials',
  'blog',
  'cookies',
  'guarantee',
] as const;
export type PageId = (typeof PAGE_IDS)[number];

/**
 * Every page in every language. The spec's French and Spanish routes are kept as given; the pages it shows no
 * translated route for get one here, so that switching language never drops a visitor onto an English page.
 */
export const PAGE_PATHS: Record<Language, Record<PageId, string>> = {
  en: {
    home: '/',
    features: '/features',
    pricing: '/pricing',
    howItWorks: '/how-it-works',
    about: '/about',
    faq: '/faq',
    contact: '/contact',
    order: '/order',
    privacy: '/privacy-policy',
    terms: '/terms-of-service',
    testimonials: '/testimonials',
    blog: '/blog',
    cookies: '/cookie-policy',
    guarantee: '/satisfaction-guarantee',
  },
  fr: {
    home: '/fr',
    features: '/fr/fonctionnalites',
    pricing: '/fr/tarifs',
    howItWorks: '/fr/comment-ca-marche',
    about: '/fr/a-propos',
    faq: '/fr/faq',
    contact: '/fr/contact',
    order: '/fr/commander',
    privacy: '/fr/politique-de-confidentialite',
    terms: '/fr/conditions-d-utilisation',
    testimonials: '/fr/temoignages',
    blog: '/fr/blog',
    cookies: '/fr/politique-cookies',
    guarantee: '/fr/garantie-satisfaction',
  },
  es: {
    home: '/es',
    features: '/es/caracteristicas',
    pricing: '/es/precios',
    howItWorks: '/es/como-funciona',
    about: '/es/acerca-de',
    faq: '/es/faq',
    contact: '/es/contacto',
    order: '/es/orden',
    privacy: '/es/politica-de-privacidad',
    terms: '/es/terminos-de-servicio',
    testimonials: '/es/testimonios',
    blog: '/es/blog',
    cookies: '/es/politica-de-cookies',
    guarantee: '/es/garantia-de-satisfaccion',
  },
};

/** Other English paths that show a page already listed above. */
const ALIASES: Record<string, PageId> = { '/create-gallery': 'order' };

/** The path of a page in a language. */
export function localizedPath(page: PageId, language: Language): string {
  return PAGE_PATHS[language][page];
}

function trimTrailingSlash(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** The language a path names with its /fr or /es prefix, or null without a prefix. */
export function languageFromPath(pathname: string): Language | null {
  const match = /^\/(fr|es)(?:\/|$)/.exec(pathname);
  return match ? (match[1] as Language) : null;
}

export function pageOfPath(pathname: string): PageId | undefined {
  const path = trimTrailingSlash(pathname);
  if (ALIASES[path]) return ALIASES[path];
  for (const language of LANGUAGES) {
    for (const [page, pagePath] of Object.entries(PAGE_PATHS[language])) {
      if (pagePath === path) return page as PageId;
    }
  }
  return undefined;
}

/**
 * Routes that exist in one version only (the upgrade and payment pages, the couple's pages): their language is
 * not in the path.
 */
export function isUnprefixedOnlyRoute(pathname: string): boolean {
  return (
    /^\/(upgrade\/[^/]+|upgrade-success|payment|payment-[a-z]+|mobile-checkout|demo-checkout)\/?$/.test(
      pathname,
    ) || /^\/(dashboard|event\/[^/]+(\/review)?|create-event|analytics-dashboard)\/?$/.test(pathname)
  );
}

/**
 * The live gallery's routes, with or without a language prefix: /gallery/{code}, /fr/gallery/{code}, ..., and
 * its "Find me" page (/gallery/{code}/find-me).
 */
export function isGalleryPath(pathname: string): boolean {
  return /^(\/(fr|es))?\/(live-gallery|gallery\/[^/]+(\/find-me)?)\/?$/.test(pathname);
}

/** The first of the browser's languages (navigator.languages, most preferred first) the site is written in. */
export function browserLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLanguage(base)) return base;
  }
  return null;
}

/**
 * The language to show for a path: its prefix; without one, on the upgrade and payment pages (which have no
 * prefixed version) the stored choice or else the language already shown; on a gallery link without a language
 * (one made before links carried it, or the root of a couple's own domain: `customDomain`) the same, or else the
 * browser's language; otherwise English.
 */
export function resolveLanguage(
  pathname: string,
  stored: string | null,
  current?: string,
  browser: readonly string[] = [],
  customDomain = false,
): Language {
  const fromPath = languageFromPath(pathname);
  if (fromPath) return fromPath;
  const gallery = customDomain ? isCustomDomainPage(pathname) : isGalleryPath(pathname);
  if (gallery || isUnprefixedOnlyRoute(pathname)) {
    if (isLanguage(stored)) return stored;
    if (isLanguage(current) && current !== DEFAULT_LANGUAGE) return current;
    if (gallery) return browserLanguage(browser) ?? DEFAULT_LANGUAGE;
    if (isLanguage(current)) return current;
  }
  return DEFAULT_LANGUAGE;
}

/** The path to go to when the visitor switches language: the same page in the other language. */
export function switchLanguagePath(pathname: string, language: Language): string {
  if (isUnprefixedOnlyRoute(pathname)) return pathname;
  const page = pageOfPath(pathname);
  if (page) return localizedPath(page, language);
  const rest = pathname.replace(/^\/(fr|es)(?=\/|$)/, '') || '/';
  if (language === DEFAULT_LANGUAGE) return rest;
  return rest === '/' ? `/${language}` : `/${language}${rest}`;
}
