import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en as sharedEn, es as sharedEs, fr as sharedFr } from '@gallery/contracts';
import {
  DEFAULT_LANGUAGE,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  resolveLanguage,
  type Language,
} from './languages';
import { en } from './en';
import { customDomainGallery } from '../api/customDomainSite';
import { readStorage } from '../session/storage';

/**
 * The app's i18next instance. English is always there (it is the fallback); French and Spanish UI texts are
 * loaded when first shown, so a visitor downloads only the languages they read.
 */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources: { en: { translation: { ...en, ...sharedEn } } },
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGES],
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

const loaders: Record<Exclude<Language, 'en'>, () => Promise<object>> = {
  fr: () => import('./fr').then((module) => ({ ...module.fr, ...sharedFr })),
  es: () => import('./es').then((module) => ({ ...module.es, ...sharedEs })),
};

/** Shows `language`, loading its texts first when they are not there yet. */
export async function showLanguage(language: Language): Promise<void> {
  await loadLanguage(language);
  if (i18n.language !== language) await i18n.changeLanguage(language);
}

/** Loads `language`'s texts without showing it: for a word offered in the visitor's own language. */
export async function loadLanguage(language: Language): Promise<void> {
  if (language !== 'en' && !i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loaders[language]());
  }
}

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;

/** The language the page opened in: its path prefix (or, on the gallery and payment pages, the stored choice). */
export const initialLanguage = resolveLanguage(
  window.location.pathname,
  readStorage(LANGUAGE_STORAGE_KEY),
  undefined,
  navigator.languages,
  customDomainGallery() !== null,
);
