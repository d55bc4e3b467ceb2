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

describe('translations', () => {
  it('merge the shared validation and error texts', async () => {
    const t = await translator('en');
    expect(t('validation.coupleNamesBoth')).toBe(sharedEn.validation.coupleNamesBoth);
    expect(t('errors.PHOTO_LIMIT_REACHED', { count: 50 })).toBe(
      'This gallery has reached its limit of 50 photos. Upgrade the plan to add more.',
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
