import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

/** Sets the document title and meta description from `pages.<page>.title` / `.description` in the shown language. */
export function usePageMeta(page: string): void {
  const { t, i18n } = useTranslation();
  const title = t(`pages.${page}.title`);
  const description = t(`pages.${page}.description`);
  const suffix = t('site.titleSuffix');
  useEffect(() => {
    document.title = `${title} | ${suffix}`;
    let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!meta) {
      meta = document.createElement('meta');
      meta.name = 'description';
      document.head.append(meta);
    }
    meta.content = description;
  }, [title, description, suffix, i18n.language]);
}
