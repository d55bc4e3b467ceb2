import i18next, { type i18n } from 'i18next';
import type { Language } from './languages';
import { resources } from './resources';

/** An i18next instance with the app's texts in one language, for rendering components in tests. */
export function testTranslations(language: Language): i18n {
  const instance = i18next.createInstance();
  void instance.init({
    resources,
    lng: language,
    initAsync: false,
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}
