import { useLayoutEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { customDomainGallery } from '../api/customDomainSite';
import { readStorage } from '../session/storage';
import { showLanguage } from './index';
import { LANGUAGE_STORAGE_KEY, resolveLanguage } from './languages';

/** Follows the path's language prefix on every navigation. */
export function LanguageSync() {
  const { pathname } = useLocation();
  const { i18n } = useTranslation();

  useLayoutEffect(() => {
    const language = resolveLanguage(
      pathname,
      readStorage(LANGUAGE_STORAGE_KEY),
      i18n.language,
      navigator.languages,
      customDomainGallery() !== null,
    );
    if (language !== i18n.language) void showLanguage(language);
  }, [pathname, i18n]);

  return null;
}
