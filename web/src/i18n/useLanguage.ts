import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, isLanguage, localizedPath, type Language, type PageId } from './languages';

/** The language shown now. */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLanguage(language) ? language : DEFAULT_LANGUAGE;
}

/** A function giving a page's path in the language shown now. */
export function usePagePath(): (page: PageId) => string {
  const language = useLanguage();
  return useCallback((page: PageId) => localizedPath(page, language), [language]);
}
