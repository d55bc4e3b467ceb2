import './pages.css';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePagePath } from '../i18n/useLanguage';

/** Event planners: special rates, asked for through the contact page. */
export function PlannersSection() {
  const { t } = useTranslation();
  const pagePath = usePagePath();
  return (
    <section className="section planners" aria-labelledby="planners-title">
      <h2 id="planners-title">{t('site.plannersTitle')}</h2>
      <p>{t('site.plannersText')}</p>
      <Link to={pagePath('contact')} className="button button-secondary">
        {t('site.plannersCta')}
      </Link>
    </section>
  );
}
