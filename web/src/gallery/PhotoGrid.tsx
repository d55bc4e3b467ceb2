import './gallery.css';
import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  defaultRangeExtractor,
  observeWindowOffset,
  observeWindowRect,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import type { Photo } from '../api/photos';
import { isReleased, type ListedPhoto } from './photoList';
import { formatDuration } from './formatDuration';
import { PhotoImage } from './PhotoImage';
import { prepareTileLabels, tileLabels } from './photoTileLabel';
import { HeartButton } from '../hearts/HeartButton';
import { measureGrid, sameGridLayout, UNMEASURED_GRID, watchGridPlace, type GridLayout } from './gridLayout';

interface PhotoGridProps {
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

/** Rows kept in the page beyond the screen, each way: enough for a fling, and for Tab to find the next tile. */
const OVERSCAN_ROWS = 4;

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
 * The window's scroll, told to the virtualizer as a transition: the rows coming into view are rendered in the
 * background, a tile at a time between the guest's touches and frames (React yields every few milliseconds),
 * not in the scroll event, where a fling's dozens of new tiles took a phone seconds, the page frozen meanwhile.
 * Photos joining or leaving still render at once, with the rows where the guest is.
 */
function observeScrollInBackground(
  instance: Virtualizer<Window, Element>,
  moved: (offset: number, isScrolling: boolean) => void,
): ReturnType<typeof observeWindowOffset> {
  return observeWindowOffset(instance, (offset, isScrolling) =>
    startTransition(() => moved(offset, isScrolling)),
  );
}

/**
 * The window's size, told to the virtualizer as a transition too. It is told once as the grid mounts, from a
 * layout effect, and the virtualizer then finds its rows in view "changed" (it starts with none): told at once,
 * React rendered the grid again inside the commit that first drew the gallery, running every new component's
 * effects there first, the opening's longest task. Its first rows come from `initialRect`, the same size.
 */
function observeSizeInBackground(
  instance: Virtualizer<Window, Element>,
  resized: (rect: { width: number; height: number }) => void,
): ReturnType<typeof observeWindowRect> {
  return observeWindowRect(instance, (rect) => startTransition(() => resized(rect)));
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
  const sentinelRef = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  // Current before any observer's callback can run (a passive effect may come a frame after the page is drawn).
  useLayoutEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });
  useEffect(() => prepareTileLabels(i18n.language), [i18n.language]);
  // One translation of each label for the whole grid, not one hook and one translation in each tile it draws.
  const labelOf = useMemo(() => tileLabels(t, i18n.language), [t, i18n.language]);
  const waitingMark = t('review.waitingMark');
  const loadingLabel = t('common.loading');

  const [layout, setLayout] = useState<GridLayout>(UNMEASURED_GRID);
  // The measure reaches the page in a transition: rows are placed by the grid's CSS (each a tile's height and a
  // gap below the one before), so only which rows are in the page and the grid's height wait for it. Set at once
  // in the layout effect, it made React render the grid again inside the commit that first drew the gallery, and
  // run every new component's effects there first: the opening's longest task.
  const remeasure = useCallback(() => {
    const list = listRef.current;
    if (!list) return;
    const measured = measureGrid(list);
    startTransition(() => setLayout((current) => (sameGridLayout(current, measured) ? current : measured)));
  }, []);
  const empty = photos.length === 0;
  // Measured once the grid is drawn (its rows are in place without it: a measure before would have made the
  // browser lay the whole page out in the commit); then when it or what is above it changes (an upload panel
  // moves it down without resizing it), not on each render: a measure forces the page's style and layout.
  useEffect(remeasure, [empty, remeasure]);
  useEffect(() => {
    const list = listRef.current;
    return empty || !list ? undefined : watchGridPlace(list, remeasure);
  }, [empty, remeasure]);

  const { columns, rowHeight, top } = layout;
  const [keptId, setKeptId] = useState<string | null>(null);
  const keptIndex = useMemo(
    () => (keptId ? photos.findIndex((photo) => photo.id === keptId) : -1),
    [photos, keptId],
  );
  const keptRow = keptIndex < 0 ? -1 : Math.floor(keptIndex / columns);
  const rangeExtractor = useCallback(
    (range: Range) => {
      const rows = defaultRangeExtractor(range);
      return keptRow < 0 || rows.includes(keptRow) ? rows : [...rows, keptRow].sort((a, b) => a - b);
    },
    [keptRow],
  );
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(photos.length / columns),
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: top,
    rangeExtractor,
    observeElementOffset: observeScrollInBackground,
    observeElementRect: observeSizeInBackground,
    useFlushSync: false,
    // The window's size from the first render, so that its rows are the ones in view (the size observed reaches
    // the virtualizer in a transition: observeSizeInBackground).
    initialRect: { width: window.innerWidth, height: window.innerHeight },
  });
  // The rows' places again when their height changes, in a transition (a measure tells the virtualizer's
  // listener, which renders the grid); not as the grid mounts, when it has placed none yet.
  const placedRowHeight = useRef(rowHeight);
  useLayoutEffect(() => {
    if (placedRowHeight.current === rowHeight) return;
    placedRowHeight.current = rowHeight;
    startTransition(() => virtualizer.measure());
  }, [virtualizer, rowHeight]);
  const rows = virtualizer.getVirtualItems();
  // The rows on the screen (the virtualizer's range: neither the rows drawn ahead nor a focused tile's kept row).
  const { range } = virtualizer;
  const firstShown = range ? range.startIndex * columns : -1;
  const lastShown = range ? Math.min(photos.length, (range.endIndex + 1) * columns) - 1 : -1;
  // Again when the photos change too: the viewer, open over the grid, may have released those under it.
  useEffect(() => {
    if (onShown && firstShown >= 0) onShown(firstShown, lastShown);
  }, [onShown, firstShown, lastShown, photos]);

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

  // The end of the grid near the screen (the sentinel within 400 px of it): older photos are asked for, and asked
  // for again after each read while it stays there. A read ending brings no new intersection, and one that added
  // nothing (or was not made, another read being under way) moves nothing: watching only for the sentinel coming
  // into view would leave a guest who stays at the end waiting for ever.
  const [endInView, setEndInView] = useState(false);
  /** The photos shown when more were last asked for; null once the end left the screen. */
  const askedFor = useRef<readonly ListedPhoto[] | null>(null);
  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!hasMore || !sentinel || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const inView = entries[entries.length - 1].isIntersecting;
        if (!inView) askedFor.current = null;
        setEndInView(inView);
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => {
      observer.disconnect();
      setEndInView(false);
    };
  }, [hasMore]);
  useEffect(() => {
    // Once for each list of photos: a read that failed for good leaves the "Load more" button to the guest.
    if (!endInView || !hasMore || loadingMore || askedFor.current === photos) return;
    askedFor.current = photos;
    onLoadMoreRef.current();
  }, [endInView, hasMore, loadingMore, photos]);

  const setSize = hasMore ? -1 : photos.length;
  const grid = (
    <>
      {empty ? (
        <p className="empty-photos">{emptyText ?? t('gallery.empty')}</p>
      ) : (
        <ul
          className={gridClassName ? `photo-grid ${gridClassName}` : 'photo-grid'}
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
                  onFocus={released ? undefined : () => setKeptId(photo.id)}
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
