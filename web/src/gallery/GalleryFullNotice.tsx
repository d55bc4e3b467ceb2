import './gallery.css';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Notice } from '../ui/Notice';

/**
 * A gallery that holds all its plan takes: guests learn it is full and to tell the couple (never to upgrade a plan
 * they cannot pay for); the couple, that guests cannot add more and where to lift the limit.
 */
export const GalleryFullNotice = memo(function GalleryFullNotice({
  code,
  photoLimit,
  isOwner,
}: {
  code: string;
  photoLimit: number;
  isOwner: boolean;
}) {
  const { t } = useTranslation();
  return (
    <div className="gallery-full">
      <Notice title={t('gallery.full.title')} tone="warning" testId="gallery-full">
        <p>{t(isOwner ? 'gallery.full.owner' : 'gallery.full.guest', { count: photoLimit })}</p>
        {isOwner && (
          <Link className="button button-primary" to={`/upgrade/${encodeURIComponent(code)}`}>
            {t('gallery.full.upgrade')}
          </Link>
        )}
      </Notice>
    </div>
  );
});
