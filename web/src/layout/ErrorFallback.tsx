import { useTranslation } from 'react-i18next';

/** The screen shown after a render failure. */
export function ErrorFallback({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="message-page" role="alert">
      <p className="message-mark" aria-hidden="true">
        ✿
      </p>
      <h1>{t('errorBoundary.title')}</h1>
      <p>{t('errorBoundary.message')}</p>
      <div className="button-row">
        <button type="button" className="button button-primary" onClick={onRetry}>
          {t('errorBoundary.tryAgain')}
        </button>
        <button type="button" className="button button-secondary" onClick={() => window.location.assign('/')}>
          {t('errorBoundary.goHome')}
        </button>
      </div>
    </section>
  );
}
