import { useTranslation } from 'react-i18next';
import { track } from '../analytics/track';
import { Modal } from '../ui/Modal';
import type { Photo } from './graphql';
import { PhotoImage } from './PhotoImage';
import { recordActivity } from '../owner/activity';

interface PhotoViewerProps {
  galleryCode: string;
  photos: Photo[];
  index: number;
  total: number;
  onShow: (photoId: string) => void;
  onClose: () => void;
  /** The owner's Remove; absent for guests. */
  onRemove?: (photoId: string) => void;
}

/**
 * One photo at a time in a modal dialog: arrow keys or buttons move, Esc closes. A video plays from its original,
 * its poster shown until it starts.
 */
export function PhotoViewer({
  galleryCode,
  photos,
  index,
  total,
  onShow,
  onClose,
  onRemove,
}: PhotoViewerProps) {
  const { t } = useTranslation();
  const photo = photos[index];
  const previous = photos[index - 1];
  const next = photos[index + 1];
  const position = { index: index + 1, total: Math.max(total, photos.length) };
  const video = photo.kind === 'video';
  const title = video ? t('video.viewerTitle', position) : t('viewer.title', position);

  return (
    <Modal
      labelledBy="viewer-title"
      onClose={onClose}
      className="viewer"
      onKeyDown={(event) => {
        if (event.key === 'ArrowLeft' && previous) {
          event.preventDefault();
          onShow(previous.id);
        } else if (event.key === 'ArrowRight' && next) {
          event.preventDefault();
          onShow(next.id);
        }
      }}
    >
      <div className="viewer-top">
        <h2 id="viewer-title">{title}</h2>
        {onRemove && (
          <button type="button" className="button button-ghost" onClick={() => onRemove(photo.id)}>
            {t('owner.removePhoto')}
          </button>
        )}
        <button type="button" className="button button-ghost" onClick={onClose}>
          {t('common.close')}
        </button>
      </div>
      <figure className="viewer-figure">
        {video ? (
          <video
            key={photo.id}
            src={photo.originalUrl}
            poster={photo.previewUrl}
            controls
            playsInline
            preload="metadata"
            aria-label={title}
            data-photo-id={photo.id}
          />
        ) : (
          <PhotoImage key={photo.id} src={photo.previewUrl} alt={title} data-photo-id={photo.id} />
        )}
        {photo.guestName && (
          <figcaption className="viewer-guest">{t('guestName.by', { name: photo.guestName })}</figcaption>
        )}
      </figure>
      <div className="viewer-controls">
        <button
          type="button"
          className="button button-secondary"
          disabled={!previous}
          onClick={() => previous && onShow(previous.id)}
        >
          {t('viewer.previous')}
        </button>
        <a
          href={photo.originalUrl}
          className="button button-primary"
          download
          onClick={() => {
            track('photo_download', { gallery_code: galleryCode, mode: 'single' });
            recordActivity(photo.eventCode, 'DOWNLOAD');
          }}
        >
          {t('viewer.downloadOriginal')}
        </a>
        <button
          type="button"
          className="button button-secondary"
          disabled={!next}
          onClick={() => next && onShow(next.id)}
        >
          {t('viewer.next')}
        </button>
      </div>
    </Modal>
  );
}
