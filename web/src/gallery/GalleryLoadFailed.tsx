import { useTranslation } from 'react-i18next';

export function GalleryLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="message-page" role="alert">
      <h1>{t('gallery.loadFailed')}</h1>
      <p>{t('errors.INTERNAL')}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('gallery.retry')}
      </button>
    </section>
  );
}
