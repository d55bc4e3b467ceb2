import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGE_STORAGE_KEY, resolveLanguage } from './languages';
import { resources } from './resources';
import { readStorage } from '../storage';

/** The app's i18next instance, started in the language of the path the page opened on. */
export const i18n = i18next.createInstance();

void i18n.use(initReactI18next).init({
  resources,
  lng: resolveLanguage(window.location.pathname, readStorage(LANGUAGE_STORAGE_KEY)),
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: ['en', 'fr', 'es'],
  initAsync: false,
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});
document.documentElement.lang = i18n.language;
