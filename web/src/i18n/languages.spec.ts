import { describe, expect, it } from '@jest/globals';
import {
  browserLanguage,
  LANGUAGES,
  PAGE_IDS,
  PAGE_PATHS,
  languageFromPath,
  localizedPath,
  pageOfPath,
  resolveLanguage,
  switchLanguagePath,
} from './languages';

describe('language from the path', () => {
  it('reads the /fr and /es prefixes and defaults to none', () => {
    expect(languageFromPath('/fr')).toBe('fr');
    expect(languageFromPath('/fr/commander')).toBe('fr');
    expect(languageFromPath('/es/orden')).toBe('es');
    expect(languageFromPath('/order')).toBeNull();
    expect(languageFromPath('/french')).toBeNull();
  });

  it('uses English without a prefix, and the stored choice on the gallery routes only', () => {
    expect(resolveLanguage('/', 'fr')).toBe('en');
    expect(resolveLanguage('/es', 'fr')).toBe('es');
    expect(resolveLanguage('/live-gallery', 'fr')).toBe('fr');
    expect(resolveLanguage('/gallery/ABCD', null, 'es')).toBe('es');
    expect(resolveLanguage('/gallery/ABCD', 'de', undefined)).toBe('en');
  });

  it("opens a gallery link in its own language, and an old link without one in the browser's", () => {
    expect(resolveLanguage('/fr/gallery/ABCD', 'es', 'en', ['es-ES'])).toBe('fr');
    expect(resolveLanguage('/es/live-gallery', null)).toBe('es');
    expect(resolveLanguage('/gallery/ABCD', null, 'en', ['fr-CA', 'en'])).toBe('fr');
    expect(resolveLanguage('/gallery/ABCD', null, undefined, ['de-DE', 'es'])).toBe('es');
    expect(resolveLanguage('/gallery/ABCD', null, undefined, ['de-DE'])).toBe('en');
    expect(resolveLanguage('/gallery/ABCD', 'en', undefined, ['fr'])).toBe('en');
    // The gallery's "Find me" page, which the events service's mails link to, like the gallery itself.
    expect(resolveLanguage('/gallery/ABCD/find-me', null, undefined, ['es'])).toBe('es');
    expect(resolveLanguage('/fr/gallery/ABCD/find-me', 'es', 'en')).toBe('fr');
    expect(browserLanguage(['pt-BR', 'ES-mx'])).toBe('es');
  });

  it("opens a couple's own domain as a gallery link: its prefix, else the guest's choice or browser", () => {
    expect(resolveLanguage('/', null, undefined, ['fr-FR'], true)).toBe('fr');
    expect(resolveLanguage('/find-me', 'es', 'en', ['fr'], true)).toBe('es');
    expect(resolveLanguage('/fr/find-me', 'es', 'en', ['es'], true)).toBe('fr');
    expect(resolveLanguage('/es', null, undefined, [], true)).toBe('es');
    // Not a page the domain serves: English, as anywhere else.
    expect(resolveLanguage('/pricing', 'fr', undefined, ['fr'], true)).toBe('en');
    // The product's own home is no gallery.
    expect(resolveLanguage('/', null, undefined, ['fr-FR'])).toBe('en');
  });

  it('moves a gallery link between languages by its prefix', () => {
    expect(switchLanguagePath('/gallery/ACDE3467', 'fr')).toBe('/fr/gallery/ACDE3467');
    expect(switchLanguagePath('/fr/gallery/ACDE3467', 'es')).toBe('/es/gallery/ACDE3467');
    expect(switchLanguagePath('/es/gallery/ACDE3467', 'en')).toBe('/gallery/ACDE3467');
    // On a couple's own domain: its gallery and "Find me" pages, which the domain serves in each language.
    expect(switchLanguagePath('/', 'fr')).toBe('/fr');
    expect(switchLanguagePath('/fr', 'en')).toBe('/');
    expect(switchLanguagePath('/find-me', 'es')).toBe('/es/find-me');
    expect(switchLanguagePath('/es/find-me', 'en')).toBe('/find-me');
  });

  it('keeps the stored choice on the upgrade and payment pages, which have one path', () => {
    for (const path of ['/upgrade/ACDEFGHJ', '/payment', '/payment-verification', '/demo-checkout']) {
      expect(resolveLanguage(path, 'es')).toBe('es');
      expect(switchLanguagePath(path, 'fr')).toBe(path);
    }
    expect(resolveLanguage('/upgrade', 'es')).toBe('en');
  });

  it("keeps the stored choice on the couple's pages, which have one path", () => {
    for (const path of [
      '/dashboard',
      '/event/ACDEFGHJ',
      '/event/ACDEFGHJ/review',
      '/create-event',
      '/analytics-dashboard',
    ]) {
      expect(resolveLanguage(path, 'fr')).toBe('fr');
      expect(switchLanguagePath(path, 'es')).toBe(path);
    }
  });
});

describe('localized paths', () => {
  it('give every page a path in every language, each path naming one page', () => {
    const seen = new Set<string>();
    for (const language of LANGUAGES) {
      for (const page of PAGE_IDS) {
        const path = PAGE_PATHS[language][page];
        expect(typeof path).toBe('string');
        expect(languageFromPath(path)).toBe(language === 'en' ? null : language);
        expect(seen.has(path)).toBe(false);
        seen.add(path);
        expect(pageOfPath(path)).toBe(page);
        for (const other of LANGUAGES) {
          expect(pageOfPath(switchLanguagePath(path, other))).toBe(page);
        }
      }
      expect(Object.keys(PAGE_PATHS[language]).sort()).toEqual([...PAGE_IDS].sort());
    }
  });

  it('keep the spec routes', () => {
    expect(Object.values(PAGE_PATHS.fr)).toEqual(
      expect.arrayContaining([
        '/fr',
        '/fr/fonctionnalites',
        '/fr/tarifs',
        '/fr/comment-ca-marche',
        '/fr/a-propos',
        '/fr/faq',
        '/fr/commander',
      ]),
    );
    expect(Object.values(PAGE_PATHS.es)).toEqual(
      expect.arrayContaining([
        '/es',
        '/es/caracteristicas',
        '/es/precios',
        '/es/como-funciona',
        '/es/acerca-de',
        '/es/faq',
        '/es/contacto',
        '/es/orden',
      ]),
    );
  });

  it('knows each page in each language', () => {
    expect(localizedPath('order', 'fr')).toBe('/fr/commander');
    expect(localizedPath('order', 'es')).toBe('/es/orden');
    expect(localizedPath('contact', 'fr')).toBe('/fr/contact');
    expect(localizedPath('privacy', 'es')).toBe('/es/politica-de-privacidad');
    expect(pageOfPath('/create-gallery')).toBe('order');
    expect(pageOfPath('/es/precios/')).toBe('pricing');
  });

  it('rewrites the prefix when switching language', () => {
    expect(switchLanguagePath('/', 'fr')).toBe('/fr');
    expect(switchLanguagePath('/fr/commander', 'en')).toBe('/order');
    expect(switchLanguagePath('/order', 'es')).toBe('/es/orden');
    expect(switchLanguagePath('/es/unknown/page', 'en')).toBe('/unknown/page');
    expect(switchLanguagePath('/unknown', 'fr')).toBe('/fr/unknown');
    expect(switchLanguagePath('/fr', 'en')).toBe('/');
  });
});
