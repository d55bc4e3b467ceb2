import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { useLanguage } from '../i18n/useLanguage';
import { track } from './track';

/** A page_view for every path the visitor reaches, once the page has set its title. */
export function PageViews() {
  const { pathname } = useLocation();
  const language = useLanguage();
  useEffect(() => {
    const timer = setTimeout(() => {
      track('page_view', { page_path: pathname, page_title: document.title, language });
    }, 0);
    return () => clearTimeout(timer);
  }, [pathname, language]);
  return null;
}
