import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from './graphql';
import { formatDuration } from './formatDuration';
import { PhotoImage } from './PhotoImage';
import { photoTileLabel, prepareTileLabels } from './photoTileLabel';
import { HeartButton } from '../hearts/HeartButton';

interface PhotoGridProps {
  photos: Photo[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (photoId: string) => void;
}

/**
 * One thumbnail, its marks and its heart. Memoized: a photo joining the grid renders its own tile, not the others
 * (their photo objects and labels stay the same).
 */
const PhotoTile = memo(function PhotoTile({
  photo,
  onOpen,
}: {
  photo: Photo;
  onOpen: (photoId: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const video = photo.kind === 'video';
  return (
    <li>
      <button
        type="button"
        className={video ? 'photo-tile video-tile' : 'photo-tile'}
        onClick={() => onOpen(photo.id)}
      >
        <PhotoImage
          src={photo.thumbnailUrl}
          alt={photoTileLabel(t, photo, i18n.language)}
          loading="lazy"
          decoding="async"
          data-photo-id={photo.id}
        />
        {photo.awaitingApproval && (
          <span className="waiting-mark" data-testid="waiting-mark">
            {t('review.waitingMark')}
          </span>
        )}
        {video && (
          <span className="video-mark" aria-hidden="true">
            <span className="video-play" />
            <span className="video-duration">{formatDuration(photo.durationSeconds)}</span>
          </span>
        )}
      </button>
      <HeartButton photoId={photo.id} heartCount={photo.heartCount} variant="tile" />
    </li>
  );
});

/**
 * The thumbnails, newest first (a video shows its poster with a play mark and its length); more load when the end of the grid comes into view or on "Load more".
 * Memoized: with hundreds of tiles, it renders again only when its photos or its props change.
 */
export const PhotoGrid = memo(function PhotoGrid({
  photos,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
}: PhotoGridProps) {
  const { t, i18n } = useTranslation();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });
  useEffect(() => prepareTileLabels(i18n.language), [i18n.language]);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!hasMore || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMoreRef.current();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasMore, photos.length]);

  return (
    <section className="photos" aria-labelledby="photos-title">
      <h2 id="photos-title" className="visually-hidden">
        {t('gallery.photos')}
      </h2>
      {photos.length === 0 ? (
        <p className="empty-photos">{t('gallery.empty')}</p>
      ) : (
        <ul className="photo-grid">
          {photos.map((photo) => (
            <PhotoTile key={photo.id} photo={photo} onOpen={onOpen} />
          ))}
        </ul>
      )}
      {hasMore && (
        <div ref={sentinelRef} className="load-more">
          <button
            type="button"
            className="button button-secondary"
            onClick={onLoadMore}
            disabled={loadingMore}
          >
            {loadingMore ? t('gallery.loadingMore') : t('gallery.loadMore')}
          </button>
        </div>
      )}
    </section>
  );
});
