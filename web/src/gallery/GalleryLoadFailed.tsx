import { useTranslation } from 'react-i18next';
import type { ApiError } from '../api/apiErrors';

/** The gallery could not be read: why (the server's refusal, such as too many lookups, or no answer) and a retry. */
export function GalleryLoadFailed({ error, onRetry }: { error: ApiError; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="message-page" role="alert">
      <h1>{t('gallery.loadFailed')}</h1>
      <p>{t(`errors.${error.code}`, { count: error.count })}</p>
      <button type="button" className="button button-primary" onClick={onRetry}>
        {t('gallery.retry')}
      </button>
    </section>
  );
}
