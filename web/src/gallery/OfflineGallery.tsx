import './gallery.css';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { DEFAULT_LANGUAGE, isLanguage } from '../i18n/languages';
import { GalleryActions } from './GalleryActions';
import { GalleryHeader } from './GalleryHeader';
import type { GallerySnapshot } from './offlineGallery';
import { PhotoGrid } from './PhotoGrid';
import { UploadList } from './UploadList';
import type { UploadProgress } from './useUploads';

interface OfflineGalleryProps {
  snapshot: GallerySnapshot;
  uploads: {
    progress: UploadProgress;
    upload: (files: File[]) => void;
    clear: () => void;
    remove: (id: string) => void;
    chooseAgain: (id: string, file: File) => void;
  };
  /** Reads the gallery again: called when the network is back. */
  onOnline: () => void;
}

/**
 * A gallery opened without a network: what the guest saw last time (its thumbnails come from the service
 * worker's cache) and the upload queue, which goes on by itself once the network is back.
 */
export function OfflineGallery({ snapshot, uploads, onOnline }: OfflineGalleryProps) {
  const { t } = useTranslation();
  useEffect(() => {
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [onOnline]);
  const { event, photos } = snapshot;
  return (
    <div className="gallery-page" data-testid="offline-gallery">
      {/* Its cover's preview is not kept for a visit without a network: the landing goes without it. */}
      <GalleryHeader
        event={{ ...event, coverPhoto: null }}
        photoCount={event.photoCount}
        plan={fromApiPlan(event.plan)}
        onFiles={uploads.upload}
      />
      <p className="gallery-offline" role="status">
        {t('gallery.offlineSnapshot')}
      </p>
      <GalleryActions
        code={event.code}
        name={event.name}
        language={isLanguage(event.language) ? event.language : DEFAULT_LANGUAGE}
      />
      <UploadList
        progress={uploads.progress}
        onClear={uploads.clear}
        onRemove={uploads.remove}
        onChooseAgain={uploads.chooseAgain}
      />
      <PhotoGrid photos={photos} hasMore={false} loadingMore={false} onLoadMore={nothing} onOpen={nothing} />
    </div>
  );
}

/** The snapshot has no more pages, and its tiles open nothing. */
const nothing = () => undefined;
