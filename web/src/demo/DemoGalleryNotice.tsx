import { memo, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { usePagePath } from '../i18n/useLanguage';
import './demo.css';

/**
 * Above the demo gallery: what it is, and the way to a gallery of one's own. The services refuse every write to
 * it (DEMO_READ_ONLY); this says so before anyone tries.
 */
export const DemoGalleryNotice = memo(function DemoGalleryNotice() {
  const { t } = useTranslation();
  const pagePath = usePagePath();
  return (
    <aside className="demo-notice" aria-label={t('demo.label')} data-testid="demo-notice">
      <p>{t('demo.notice')}</p>
      <Link to={pagePath('order')} className="button button-secondary button-small">
        {t('demo.create')}
      </Link>
    </aside>
  );
});

/**
 * The demo's Upload Photos: the same button, which says at once that nothing can be added here rather than
 * opening the file picker for files the server would refuse.
 */
export const DemoUploadButton = memo(function DemoUploadButton() {
  const { t } = useTranslation();
  const [pressed, setPressed] = useState(false);
  return (
    <div className="demo-upload">
      <button type="button" className="button button-primary" onClick={() => setPressed(true)}>
        {t('gallery.upload')}
      </button>
      <p className="demo-refusal" role="status" data-testid="demo-upload-refusal">
        {pressed ? t('errors.DEMO_READ_ONLY') : ''}
      </p>
    </div>
  );
});
