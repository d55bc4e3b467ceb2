import { describe, expect, it } from '@jest/globals';
import i18next from 'i18next';
import { en as sharedEn } from '@gallery/contracts';
import { en } from './en';
import { resources } from './resources';

async function translator(lng: string) {
  const instance = i18next.createInstance();
  await instance.init({ resources, lng, fallbackLng: 'en', interpolation: { escapeValue: false } });
  return instance.t;
}

/** Every key path of a texts object, arrays by index. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, prefix ? `${prefix}.${key}` : key));
}

describe('translations', () => {
  it.each(['fr', 'es'] as const)('have every English key in %s, and no other', (language) => {
    const english = keyPaths(resources.en.translation).sort();
    const other = keyPaths(resources[language].translation).sort();
    expect(english.filter((key) => !other.includes(key))).toEqual([]);
    expect(other.filter((key) => !english.includes(key))).toEqual([]);
    for (const key of other) {
      expect(key.length).toBeGreaterThan(0);
    }
  });

  it('have no empty text in any language', () => {
    for (const language of ['en', 'fr', 'es'] as const) {
      const empty = keyPaths(resources[language].translation).filter((path) => {
        const value = path
          .split('.')
          .reduce<unknown>(
            (node, key) => (node as Record<string, unknown>)[key],
            resources[language].translation,
          );
        return typeof value === 'string' && value.trim() === '';
      });
      expect(empty).toEqual([]);
    }
  });

  it('merge the shared validation and error texts', async () => {
    const t = await translator('en');
    expect(t('validation.coupleNamesBoth')).toBe(sharedEn.validation.coupleNamesBoth);
    expect(t('errors.PHOTO_LIMIT_REACHED', { count: 50 })).toBe(
      'This gallery is full: it holds 50 photos, all its plan takes. Let the couple know.',
    );
    expect((await translator('fr'))('errors.GALLERY_NOT_FOUND')).toBe('Galerie introuvable');
  });

  it('pluralise with the base key as the "other" form', async () => {
    const t = await translator('en');
    expect(t('gallery.photoCount', { count: 1 })).toBe('1 photo');
    expect(t('gallery.photoCount', { count: 12 })).toBe('12 photos');
    expect(t('gallery.photoCount', { count: 0 })).toBe('0 photos');
    const fr = await translator('fr');
    expect(fr('gallery.photoCount', { count: 1000000 })).toBe('1000000 photos');
    expect(fr('plans.storageYears', { count: 1 })).toBe('1 an de stockage');
  });

  it('keep the spec texts word for word', async () => {
    const t = await translator('en');
    expect(t('errorBoundary.message')).toBe(
      "We're sorry, but something unexpected happened. Our team has been notified.",
    );
    expect(t('download.failed')).toBe('Download failed: Could not download photos. Please try again.');
    expect(t('download.adding', { count: 12 })).toBe('Adding 12 photos to the zip…');
  });

  it('fall back to English, then to the key', async () => {
    const t = await translator('es');
    expect(t('no.such.key')).toBe('no.such.key');
    expect(Object.keys(resources.es.translation)).toEqual(Object.keys(resources.en.translation));
    expect(Object.keys(en)).toContain('gallery');
  });
});
