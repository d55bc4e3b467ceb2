import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePagePath } from '../i18n/useLanguage';

export function GalleryNotFound() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pagePath = usePagePath();
  return (
    <section className="message-page">
      <p className="message-mark" aria-hidden="true">
        ❦
      </p>
      <h1>{t('errors.GALLERY_NOT_FOUND')}</h1>
      <p>{t('gallery.notFoundText')}</p>
      <button type="button" className="button button-primary" onClick={() => navigate(pagePath('home'))}>
        {t('gallery.returnHome')}
      </button>
    </section>
  );
}
