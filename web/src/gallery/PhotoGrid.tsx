import { memo, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from './graphql';
import { formatDuration } from './formatDuration';
import { PhotoImage } from './PhotoImage';
import { HeartButton } from '../hearts/HeartButton';

interface PhotoGridProps {
  photos: Photo[];
  total: number;
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  onOpen: (photoId: string) => void;
}

/**
 * The thumbnails, newest first (a video shows its poster with a play mark and its length); more load when the end of the grid comes into view or on "Load more".
 * Memoized: with hundreds of tiles, it renders again only when its photos or its props change.
 */
export const PhotoGrid = memo(function PhotoGrid({
  photos,
  total,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
}: PhotoGridProps) {
  const { t } = useTranslation();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

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
          {photos.map((photo, index) => {
            const position = { index: index + 1, total: Math.max(total, photos.length) };
            const video = photo.kind === 'video';
            const duration = formatDuration(photo.durationSeconds);
            return (
              <li key={photo.id}>
                <button
                  type="button"
                  className={video ? 'photo-tile video-tile' : 'photo-tile'}
                  onClick={() => onOpen(photo.id)}
                >
                  <PhotoImage
                    src={photo.thumbnailUrl}
                    alt={
                      video
                        ? t('video.tileLabel', { ...position, duration })
                        : t('gallery.photoAlt', position)
                    }
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
                      <span className="video-duration">{duration}</span>
                    </span>
                  )}
                </button>
                <HeartButton photoId={photo.id} heartCount={photo.heartCount} variant="tile" />
              </li>
            );
          })}
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
