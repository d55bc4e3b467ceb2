import {
  startTransition,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type RefObject,
} from 'react';
import {
  defaultRangeExtractor,
  observeWindowOffset,
  observeWindowRect,
  useWindowVirtualizer,
  type Range,
  type Virtualizer,
} from '@tanstack/react-virtual';
import { measureGrid, sameGridLayout, UNMEASURED_GRID, watchGridPlace, type GridLayout } from './gridLayout';

/** Rows kept in the page beyond the screen, each way: enough for a fling, and for Tab to find the next tile. */
const OVERSCAN_ROWS = 4;

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

interface GridRowsOptions<Item> {
  /** The grid (a CSS grid of tiles of one height: `.photo-grid`, or a grid setting the same variables). */
  listRef: RefObject<HTMLElement | null>;
  items: readonly Item[];
  /** An item's id; stable (a module's function, or useCallback). */
  idOf: (item: Item) => string;
  hasMore: boolean;
  loadingMore: boolean;
  /** Reads the next page; called when the end of the grid comes near the screen, once for each list of items. */
  onLoadMore: () => void;
}

/**
 * A grid of thousands of tiles with only the rows on and near the screen in the page (the window's scroll
 * drives which): what the gallery's PhotoGrid and the couple's approval queue share. It measures the grid's
 * columns and row height from its CSS (gridLayout), keeps the row of the last tile to take the focus in the page
 * wherever one scrolls (`keep`, called from the tile's focus, so the focus is never dropped), and reads the next
 * page as the end (`sentinelRef`, the "Load more" button's holder) comes within 400 px of the screen.
 */
export function useGridRows<Item>({
  listRef,
  items,
  idOf,
  hasMore,
  loadingMore,
  onLoadMore,
}: GridRowsOptions<Item>) {
  const sentinelRef = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  // Current before any observer's callback can run (a passive effect may come a frame after the page is drawn).
  useLayoutEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

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
  }, [listRef]);
  const empty = items.length === 0;
  // Measured once the grid is drawn (its rows are in place without it: a measure before would have made the
  // browser lay the whole page out in the commit); then when it or what is above it changes (an upload panel
  // moves it down without resizing it), not on each render: a measure forces the page's style and layout.
  useEffect(remeasure, [empty, remeasure]);
  useEffect(() => {
    const list = listRef.current;
    return empty || !list ? undefined : watchGridPlace(list, remeasure);
  }, [empty, remeasure, listRef]);

  const { columns, rowHeight, top } = layout;
  const [keptId, keep] = useState<string | null>(null);
  const keptIndex = useMemo(
    () => (keptId ? items.findIndex((item) => idOf(item) === keptId) : -1),
    [items, keptId, idOf],
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
    count: Math.ceil(items.length / columns),
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

  // The end of the grid near the screen (the sentinel within 400 px of it): more are asked for, and asked for
  // again after each read while it stays there. A read ending brings no new intersection, and one that added
  // nothing (or was not made, another read being under way) moves nothing: watching only for the sentinel coming
  // into view would leave one who stays at the end waiting for ever.
  const [endInView, setEndInView] = useState(false);
  /** The items shown when more were last asked for; null once the end left the screen. */
  const askedFor = useRef<readonly Item[] | null>(null);
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
    // Once for each list of items: a read that failed for good leaves the "Load more" button.
    if (!endInView || !hasMore || loadingMore || askedFor.current === items) return;
    askedFor.current = items;
    onLoadMoreRef.current();
  }, [endInView, hasMore, loadingMore, items]);

  return {
    layout,
    /**
     * For the grid's `data-unmeasured` while its tiles are placed for UNMEASURED_GRID's columns (gallery.css clips
     * the grid meanwhile: a tile in a column the page's grid does not have stands beyond its right edge).
     */
    unmeasured: layout === UNMEASURED_GRID ? '' : undefined,
    virtualizer,
    /** The rows in the page: those on and near the screen, and the focused tile's. */
    rows: virtualizer.getVirtualItems(),
    /** Keeps this tile's row in the page (call it as the tile takes the focus). */
    keep,
    sentinelRef,
  };
}
