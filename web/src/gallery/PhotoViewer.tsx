import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { readApiError, retryAfterMs, type ApiError } from '../api/apiErrors';
import { BusyNotice } from '../ui/BusyNotice';
import { ConfirmDialog } from '../ui/ConfirmDialog';
import { track } from '../analytics/track';
import { Modal } from '../ui/Modal';
import type { Photo } from '../api/photos';
import { PhotoImage } from './PhotoImage';
import { HeartButton } from '../hearts/HeartButton';
import { useViewerGestures } from './useViewerGestures';
import { recordActivity } from '../analytics/activity';
import './PhotoViewer.css';

interface PhotoViewerProps {
  galleryCode: string;
  photos: Photo[];
  index: number;
  total: number;
  onShow: (photoId: string) => void;
  onClose: () => void;
  /** Whether photos older than `photos` are still to load, and how to ask for them (the grid's own paging). */
  hasMore?: boolean;
  onLoadMore?: () => void;
  /** The owner's Remove; absent for guests. */
  onRemove?: (photoId: string) => void;
  /** The owner's Hide from guests (kept, on the approval queue's Hidden tab); absent for guests. */
  onHide?: (photoId: string) => void;
  /**
   * The owner's link to a photo's untouched original; absent for guests, whose Download fetches the copy
   * without location, serial numbers or names (the photo's originalUrl).
   */
  ownerOriginalUrl?: (photoId: string) => Promise<string>;
  /**
   * A guest's deletion of a photo they uploaded, offered (after a confirmation) on the photos whose uploaderId
   * is `myGuestId`; absent for the owner, who has Remove.
   */
  onDeleteOwn?: (photoId: string) => Promise<void>;
  /** This browser's guest identity id (session/guestIdentity). */
  myGuestId?: string | null;
  /** Whether guests may download originals (the couple's setting); the owner's Download stays either way. */
  guestOriginals?: boolean;
  /**
   * Shown inside the dialog (the owner's Undo toasts): the page behind a modal dialog is inert, so a toast
   * outside it could be neither pressed nor reached with Tab while the viewer is open.
   */
  notices?: ReactNode;
}

/** How close to the last photo loaded the viewer asks for the next ones. */
const PREFETCH_PHOTOS = 10;

/**
 * One photo at a time in a modal dialog, centred and fitted to the screen with who took it under it: a swipe,
 * the arrow keys or the arrow buttons move (through every photo of the gallery: the next ones load as the last
 * loaded nears), two fingers (or a double tap) zoom, Esc closes. A video plays from its original, its poster
 * shown until it starts. The arrows and Close are icon buttons named for screen readers, so the controls fit a
 * 360 px phone in every language.
 */
export function PhotoViewer({
  galleryCode,
  photos,
  index,
  total,
  onShow,
  onClose,
  hasMore = false,
  onLoadMore,
  onRemove,
  onHide,
  ownerOriginalUrl,
  onDeleteOwn,
  myGuestId,
  guestOriginals = true,
  notices,
}: PhotoViewerProps) {
  const { t } = useTranslation();
  const photo = photos[index];
  const previous = photos[index - 1];
  const next = photos[index + 1];
  const position = { index: index + 1, total: Math.max(total, photos.length) };
  const video = photo.kind === 'video';
  const title = video ? t('video.viewerTitle', position) : t('viewer.title', position);
  const [confirmingDelete, setConfirmingDelete] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [deleteFailure, setDeleteFailure] = useState<ApiError | null>(null);
  /** When a deletion refused for going too fast may be sent again: a wait, not a failure. */
  const [deleteBusyUntil, setDeleteBusyUntil] = useState<number | null>(null);
  const ownPhoto = Boolean(onDeleteOwn && myGuestId && photo.uploaderId === myGuestId);
  // The next photos are asked for a few before the last one loaded, so a guest swiping on rarely waits for them.
  const nearTheEnd = hasMore && index >= photos.length - PREFETCH_PHOTOS;
  useEffect(() => {
    if (nearTheEnd) onLoadMore?.();
  }, [nearTheEnd, index, photos.length, onLoadMore]);
  const gestures = useViewerGestures(photo.id, (direction) => {
    const neighbour = direction === 'next' ? next : previous;
    if (neighbour) onShow(neighbour.id);
  });

  return (
    <>
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
          <HeartButton photoId={photo.id} heartCount={photo.heartCount} variant="viewer" />
          {onRemove && (
            <button type="button" className="photo-viewer-text-button" onClick={() => onRemove(photo.id)}>
              {t('owner.removePhoto')}
            </button>
          )}
          {onHide && (
            <button type="button" className="photo-viewer-text-button" onClick={() => onHide(photo.id)}>
              {t('owner.hidePhoto')}
            </button>
          )}
          {ownPhoto && (
            <button
              type="button"
              className="photo-viewer-text-button"
              onClick={() => {
                setDeleteFailure(null);
                setDeleteBusyUntil(null);
                setConfirmingDelete(true);
              }}
            >
              {t('viewer.deleteOwn')}
            </button>
          )}
          <button
            type="button"
            className="photo-viewer-icon photo-viewer-close"
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
          {(ownerOriginalUrl || guestOriginals) && (
            <a
              href={photo.originalUrl}
              className="button button-primary photo-viewer-download"
              aria-label={t('viewer.downloadOriginal')}
              title={t('viewer.downloadOriginal')}
              download
              onClick={(event) => {
                track('photo_download', { gallery_code: galleryCode, mode: 'single' });
                recordActivity(photo.eventCode, 'DOWNLOAD');
                if (!ownerOriginalUrl) return;
                // The couple's own download is the original as it was uploaded; should the link not come, the
                // guests' copy is still there to take (when guests may download originals).
                event.preventDefault();
                void ownerOriginalUrl(photo.id).then(
                  (url) => window.location.assign(url),
                  () => window.location.assign(photo.originalUrl),
                );
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
          {notices}
        </div>
      </Modal>
      {confirmingDelete && onDeleteOwn && (
        <ConfirmDialog
          title={video ? t('viewer.deleteOwnVideoTitle') : t('viewer.deleteOwnTitle')}
          confirmLabel={t('viewer.deleteOwnConfirm')}
          cancelLabel={t('viewer.deleteOwnCancel')}
          busy={deleting}
          onCancel={() => setConfirmingDelete(false)}
          onConfirm={() => {
            setDeleting(true);
            setDeleteFailure(null);
            setDeleteBusyUntil(null);
            void onDeleteOwn(photo.id)
              .then(() => setConfirmingDelete(false))
              .catch((error: unknown) => {
                const failure = readApiError(error);
                const wait = retryAfterMs(failure);
                if (wait === null) setDeleteFailure(failure);
                else setDeleteBusyUntil(Date.now() + wait);
              })
              .finally(() => setDeleting(false));
          }}
        >
          <p>{t('viewer.deleteOwnWarning')}</p>
          {deleteFailure && (
            <p className="form-error" role="alert">
              {t(`errors.${deleteFailure.code}`, { count: deleteFailure.count })}
            </p>
          )}
          {deleteBusyUntil !== null && (
            <BusyNotice
              until={deleteBusyUntil}
              text={(count) => t('common.busyTryAgain', { count })}
              testId="delete-own-busy"
            />
          )}
        </ConfirmDialog>
      )}
    </>
  );
}
