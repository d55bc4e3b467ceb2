import './gallery.css';
import { memo, useEffect, useLayoutEffect, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Photo } from '../api/photos';
import { isReleased, type ListedPhoto } from './photoList';
import { formatDuration } from './formatDuration';
import { PhotoImage } from './PhotoImage';
import { prepareTileLabels, tileLabels } from './photoTileLabel';
import { HeartButton } from '../hearts/HeartButton';
import { useGridRows } from './useGridRows';

export interface PhotoGridProps {
  /** Newest first; a released photo (a long scroll's far part, see ReleasedPhoto) shows as a tile to come. */
  photos: readonly ListedPhoto[];
  hasMore: boolean;
  loadingMore: boolean;
  onLoadMore: () => void;
  /** Opens a photo's viewer; without it a tile is its thumbnail alone, not a button (the couple's event page). */
  onOpen?: (photoId: string) => void;
  /** What an empty grid says; the gallery's "no photos yet" unless told. */
  emptyText?: string;
  /**
   * What a tile carries instead of the heart ("Find me"'s "Not me" in its corner, the event page's sender and
   * buttons under it), given the tile's label (`photoTileLabel`) to name its buttons; stable (useCallback), as the
   * tiles are memoized.
   */
  tileAction?: (photo: Photo, label: string) => ReactNode;
  /**
   * A class for the grid beside `photo-grid`: `photo-grid-captioned` gives each tile a caption's height under its
   * square (gridLayout reads it as part of the row gap).
   */
  gridClassName?: string;
  /**
   * The grid's own section and hidden "Photos" heading; false where the grid stands in a section that names it
   * already (the event page's photos).
   */
  titled?: boolean;
  /**
   * Told which photos (indexes, first and last) are in the page as the guest scrolls, for the list to read
   * released ones again and release those far away; stable (useCallback).
   */
  onShown?: (first: number, last: number) => void;
}

/** How often the grid tells again where the screen is while released photos are on it, until they are read. */
export const RELEASED_SHOWN_AGAIN_MS = 2000;

function photoId(photo: ListedPhoto): string {
  return photo.id;
}

/**
 * Whether `after` is `before` with older photos added at its end (a page read as the guest scrolls): nothing above
 * any photo moved, and the grid need not read where the guest is (a forced layout of the page at each page read).
 * The photo list keeps each photo's object, so its first and last held photos tell.
 */
function olderAdded(before: readonly ListedPhoto[], after: readonly ListedPhoto[]): boolean {
  const last = before.length - 1;
  return after.length > before.length && after[0] === before[0] && after[last] === before[last];
}

/**
 * One thumbnail, its marks and its heart. Memoized: a photo joining the grid renders its own tile, not the others
 * (their photo objects and labels stay the same; only the places of their cells move).
 */
const PhotoTile = memo(function PhotoTile({
  photo,
  label,
  waitingMark,
  onOpen,
  action,
}: {
  photo: Photo;
  /** Its text for screen readers (`photoTileLabel`), made by the grid. */
  label: string;
  /** The mark of a photo awaiting the couple's approval, in the guest's language. */
  waitingMark: string;
  onOpen?: (photoId: string) => void;
  action?: (photo: Photo, label: string) => ReactNode;
}) {
  const video = photo.kind === 'video';
  // A button where the tile opens the viewer; its thumbnail alone (no tab stop) where it does not.
  const Tile = onOpen ? 'button' : 'span';
  return (
    <>
      <Tile
        {...(onOpen ? { type: 'button' as const, onClick: () => onOpen(photo.id) } : {})}
        className={`photo-tile${video ? ' video-tile' : ''}${onOpen ? '' : ' still-tile'}`}
      >
        <PhotoImage
          src={photo.thumbnailUrl}
          alt={label}
          loading="lazy"
          decoding="async"
          data-photo-id={photo.id}
          waitWhileScrolling
        />
        {photo.awaitingApproval && (
          <span className="waiting-mark" data-testid="waiting-mark">
            {waitingMark}
          </span>
        )}
        {video && (
          <span className="video-mark" aria-hidden="true">
            <span className="video-play" />
            <span className="video-duration">{formatDuration(photo.durationSeconds)}</span>
          </span>
        )}
      </Tile>
      {action ? (
        action(photo, label)
      ) : (
        <HeartButton photoId={photo.id} heartCount={photo.heartCount} variant="tile" />
      )}
    </>
  );
});

/**
 * The thumbnails, newest first (a video shows its poster with a play mark and its length); more load when the end
 * of the grid comes into view or on "Load more". Only the rows on and near the screen are in the page (the
 * window's scroll drives which), so a gallery of ten thousand photos keeps a phone's page as light as one of a
 * hundred; the list says each tile's place in it for screen readers, and the last tile to take the focus stays in
 * the page wherever the guest scrolls, so the focus is never dropped (and comes back to it when the viewer
 * closes). Photos joining above a guest who scrolled down keep what they look at in its place.
 * Memoized: it renders again only when its photos, its props or the rows in view change.
 */
export const PhotoGrid = memo(function PhotoGrid({
  photos,
  hasMore,
  loadingMore,
  onLoadMore,
  onOpen,
  emptyText,
  tileAction,
  gridClassName,
  titled = true,
  onShown,
}: PhotoGridProps) {
  const { t, i18n } = useTranslation();
  const listRef = useRef<HTMLUListElement>(null);
  useEffect(() => prepareTileLabels(i18n.language), [i18n.language]);
  // One translation of each label for the whole grid, not one hook and one translation in each tile it draws.
  const labelOf = useMemo(() => tileLabels(t, i18n.language), [t, i18n.language]);
  const waitingMark = t('review.waitingMark');
  const loadingLabel = t('common.loading');

  const empty = photos.length === 0;
  const { layout, unmeasured, virtualizer, rows, keep, sentinelRef } = useGridRows({
    listRef,
    items: photos,
    idOf: photoId,
    hasMore,
    loadingMore,
    onLoadMore,
  });
  const { columns, rowHeight } = layout;
  // The rows on the screen (the virtualizer's range: neither the rows drawn ahead nor a focused tile's kept row).
  const { range } = virtualizer;
  const firstShown = range ? range.startIndex * columns : -1;
  const lastShown = range ? Math.min(photos.length, (range.endIndex + 1) * columns) - 1 : -1;
  // Again when the photos change too: the viewer, open over the grid, may have released those under it.
  useEffect(() => {
    if (onShown && firstShown >= 0) onShown(firstShown, lastShown);
  }, [onShown, firstShown, lastShown, photos]);
  // And again every RELEASED_SHOWN_AGAIN_MS while released photos are on the screen: a guest who stays put before
  // "Loading…" tiles is never left there by a word missed on the way (the list reads what it is not reading yet).
  const releasedShown = useMemo(() => {
    for (let index = Math.max(0, firstShown); index <= lastShown; index += 1) {
      if (photos[index] && isReleased(photos[index])) return true;
    }
    return false;
  }, [photos, firstShown, lastShown]);
  useEffect(() => {
    if (!onShown || !releasedShown) return;
    const timer = setInterval(() => onShown(firstShown, lastShown), RELEASED_SHOWN_AGAIN_MS);
    return () => clearInterval(timer);
  }, [onShown, releasedShown, firstShown, lastShown]);

  // Photos joining (or leaving) above the rows a guest scrolled down to would push what they look at along: the
  // photo at the top of their screen is kept (chosen again after they scroll), and when photos above move it to
  // another row the page scrolls by as many rows, so it stays where it was on the screen. It is chosen when photos
  // change, not in the scroll event: reading the scroll there would make the browser lay the page out in it.
  const shownRef = useRef({ photos, layout });
  const anchorRef = useRef<{ id: string; index: number } | null>(null);
  const scrolledSinceAnchor = useRef(true);
  useEffect(() => {
    const scrolled = () => void (scrolledSinceAnchor.current = true);
    window.addEventListener('scroll', scrolled, { passive: true });
    return () => window.removeEventListener('scroll', scrolled);
  }, []);
  useLayoutEffect(() => {
    const { photos: before, layout: laid } = shownRef.current;
    shownRef.current = { photos, layout };
    if (before === photos || olderAdded(before, photos)) return;
    if (scrolledSinceAnchor.current) {
      // Where the guest is on the list they saw: photos joining above have not moved the page (overflow-anchor).
      scrolledSinceAnchor.current = false;
      const scrolledInto = window.scrollY - laid.top;
      const index = Math.floor(scrolledInto / laid.rowHeight) * laid.columns;
      anchorRef.current = scrolledInto > 0 && index < before.length ? { id: before[index].id, index } : null;
    }
    const anchor = anchorRef.current;
    if (!anchor || photos[anchor.index]?.id === anchor.id) return;
    const index = photos.findIndex((photo) => photo.id === anchor.id);
    anchorRef.current = index < 0 ? null : { id: anchor.id, index };
    const movedRows = Math.floor(index / columns) - Math.floor(anchor.index / columns);
    if (index >= 0 && movedRows !== 0) window.scrollBy(0, movedRows * rowHeight);
  }, [photos, layout, columns, rowHeight]);

  const setSize = hasMore ? -1 : photos.length;
  const grid = (
    <>
      {empty ? (
        <p className="empty-photos">{emptyText ?? t('gallery.empty')}</p>
      ) : (
        <ul
          className={gridClassName ? `photo-grid ${gridClassName}` : 'photo-grid'}
          data-unmeasured={unmeasured}
          ref={listRef}
          style={{ height: virtualizer.getTotalSize() }}
        >
          {rows.flatMap((row) =>
            photos.slice(row.index * columns, (row.index + 1) * columns).map((photo, column) => {
              const released = isReleased(photo);
              return (
                <li
                  key={photo.id}
                  style={{
                    gridColumn: `${column + 1} / ${column + 2}`,
                    transform: `translateY(calc(${row.index} * var(--row-step)))`,
                  }}
                  aria-posinset={row.index * columns + column + 1}
                  aria-setsize={setSize}
                  aria-busy={released || undefined}
                  onFocus={released ? undefined : () => keep(photo.id)}
                >
                  {released ? (
                    <span className="photo-tile released-tile" role="img" aria-label={loadingLabel} />
                  ) : (
                    <PhotoTile
                      photo={photo}
                      label={labelOf(photo)}
                      waitingMark={waitingMark}
                      onOpen={onOpen}
                      action={tileAction}
                    />
                  )}
                </li>
              );
            }),
          )}
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
    </>
  );
  if (!titled) return <div className="photos">{grid}</div>;
  return (
    <section className="photos" aria-labelledby="photos-title">
      <h2 id="photos-title" className="visually-hidden">
        {t('gallery.photos')}
      </h2>
      {grid}
    </section>
  );
});
