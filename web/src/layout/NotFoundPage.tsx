import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePagePath } from '../i18n/useLanguage';
import { usePageMeta } from './usePageMeta';

export function NotFoundPage() {
  const { t } = useTranslation();
  const pagePath = usePagePath();
  usePageMeta('notFound');
  return (
    <section className="message-page">
      <p className="message-mark" aria-hidden="true">
        404
      </p>
      <h1>{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <Link to={pagePath('home')} className="button button-primary">
        {t('notFound.home')}
      </Link>
    </section>
  );
}
