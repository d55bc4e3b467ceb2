import { useApolloClient } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { PHOTO_ORIGINAL_URL } from '../privacy/graphql';
import { track } from '../analytics/track';
import { Modal } from '../ui/Modal';
import type { Photo } from './graphql';
import { PhotoImage } from './PhotoImage';
import { useViewerGestures } from './useViewerGestures';
import { recordActivity } from '../owner/activity';
import './PhotoViewer.css';

interface PhotoViewerProps {
  galleryCode: string;
  photos: Photo[];
  index: number;
  total: number;
  onShow: (photoId: string) => void;
  onClose: () => void;
  /** The owner's Remove; absent for guests. */
  onRemove?: (photoId: string) => void;
  /**
   * How the original is downloaded: its link (`link`), a link asked for as the couple when guests may not
   * download originals (`owner`), or not at all for such a guest (`none`).
   */
  originalDownload?: 'link' | 'owner' | 'none';
}

/**
 * One photo at a time in a modal dialog, centred and fitted to the screen with who took it under it: a swipe,
 * the arrow keys or the arrow buttons move, two fingers (or a double tap) zoom, Esc closes. A video plays from
 * its original, its poster shown until it starts. The arrows and Close are icon buttons named for screen
 * readers, so the controls fit a 360 px phone in every language.
 */
export function PhotoViewer({
  galleryCode,
  photos,
  index,
  total,
  onShow,
  onClose,
  onRemove,
  originalDownload = 'link',
}: PhotoViewerProps) {
  const { t } = useTranslation();
  const client = useApolloClient();
  const photo = photos[index];
  const previous = photos[index - 1];
  const next = photos[index + 1];
  const position = { index: index + 1, total: Math.max(total, photos.length) };
  const video = photo.kind === 'video';
  const title = video ? t('video.viewerTitle', position) : t('viewer.title', position);
  const gestures = useViewerGestures(photo.id, (direction) => {
    const neighbour = direction === 'next' ? next : previous;
    if (neighbour) onShow(neighbour.id);
  });

  return (
    <Modal
      labelledBy="viewer-title"
      onClose={onClose}
      className="photo-viewer"
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
      <div className="photo-viewer-top">
        <h2 id="viewer-title">{title}</h2>
        {onRemove && (
          <button type="button" className="photo-viewer-text-button" onClick={() => onRemove(photo.id)}>
            {t('owner.removePhoto')}
          </button>
        )}
        <button
          type="button"
          className="photo-viewer-icon"
          aria-label={t('common.close')}
          title={t('common.close')}
          onClick={onClose}
        >
          <span aria-hidden="true">×</span>
        </button>
      </div>
      <figure
        className={`photo-viewer-figure${video ? '' : ' is-touchable'}${gestures.zoomed ? ' is-zoomed' : ''}`}
        data-testid="viewer-stage"
        {...(video ? {} : gestures.stageProps)}
      >
        {video ? (
          <div className="photo-viewer-stage">
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
          </div>
        ) : (
          <div className="photo-viewer-stage">
            <PhotoImage
              key={photo.id}
              src={photo.previewUrl}
              alt={title}
              data-photo-id={photo.id}
              draggable={false}
              style={gestures.photoStyle}
            />
          </div>
        )}
        {photo.guestName && (
          <figcaption className="photo-viewer-caption">
            {t('guestName.by', { name: photo.guestName })}
          </figcaption>
        )}
      </figure>
      <div className="photo-viewer-controls">
        <button
          type="button"
          className="photo-viewer-icon"
          aria-label={t('viewer.previous')}
          title={t('viewer.previous')}
          disabled={!previous}
          onClick={() => previous && onShow(previous.id)}
        >
          <span aria-hidden="true">‹</span>
        </button>
        {originalDownload !== 'none' && (
          <a
            href={photo.originalUrl}
            className="button button-primary photo-viewer-download"
            aria-label={t('viewer.downloadOriginal')}
            title={t('viewer.downloadOriginal')}
            download
            onClick={(event) => {
              track('photo_download', { gallery_code: galleryCode, mode: 'single' });
              recordActivity(photo.eventCode, 'DOWNLOAD');
              if (originalDownload !== 'owner') return;
              // Guests may not download originals: the couple's link comes from an owner-only query.
              event.preventDefault();
              void client
                .query({ query: PHOTO_ORIGINAL_URL, variables: { id: photo.id }, fetchPolicy: 'no-cache' })
                .then((result) => {
                  if (result.data) window.location.assign(result.data.photoOriginalUrl);
                })
                .catch(() => undefined);
            }}
          >
            {t('photoViewer.download')}
          </a>
        )}
        <button
          type="button"
          className="photo-viewer-icon"
          aria-label={t('viewer.next')}
          title={t('viewer.next')}
          disabled={!next}
          onClick={() => next && onShow(next.id)}
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </Modal>
  );
}
