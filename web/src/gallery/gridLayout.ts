/** How the photo grid lays out its rows: its columns and gaps come from its CSS, which sets them by screen width. */
export interface GridLayout {
  columns: number;
  /** A square tile's height and the gap under it, in CSS pixels. */
  rowHeight: number;
  /** Where the grid starts, from the top of the page. */
  top: number;
}

/** Before the grid is laid out (and where nothing is, as in jsdom): a phone's three columns. */
export const UNMEASURED_GRID: GridLayout = { columns: 3, rowHeight: 120, top: 0 };

/** The layout of `list`, a CSS grid of square tiles (`.photo-grid`), as the browser resolved it. */
export function measureGrid(list: HTMLElement): GridLayout {
  const style = window.getComputedStyle(list);
  // Resolved, the template lists each column's width in pixels: "118px 118px 118px".
  const tracks = style.gridTemplateColumns.split(' ').map(parseFloat);
  const column = tracks[0];
  if (!(column > 0)) return UNMEASURED_GRID;
  const gap = parseFloat(style.rowGap) || 0;
  return {
    columns: tracks.length,
    rowHeight: column + gap,
    top: list.getBoundingClientRect().top + window.scrollY,
  };
}

export function sameGridLayout(a: GridLayout, b: GridLayout): boolean {
  // Sub-pixel noise in where the grid starts moves no row.
  return a.columns === b.columns && a.rowHeight === b.rowHeight && Math.abs(a.top - b.top) < 0.5;
}

/**
 * Calls `moved` when the grid may have moved or changed size: when it, an element holding it or an element above
 * it (an upload panel opening, a banner, the header's fonts arriving, the window turning) is resized, and when an
 * element joins or leaves those above it. The grid is measured then, rather than on each render: a measure makes
 * the browser work out the page's style and layout there and then. Returns a stop.
 */
export function watchGridPlace(list: HTMLElement, moved: () => void): () => void {
  if (typeof ResizeObserver === 'undefined') return () => undefined;
  const resizes = new ResizeObserver(() => moved());
  const observeAbove = () => {
    resizes.disconnect();
    for (let element: Element | null = list; element; element = element.parentElement) {
      resizes.observe(element);
      for (let above = element.previousElementSibling; above; above = above.previousElementSibling)
        resizes.observe(above);
    }
  };
  observeAbove();
  // Each element newly observed is reported once: the one that joined is measured with it.
  const joins = typeof MutationObserver === 'undefined' ? null : new MutationObserver(observeAbove);
  for (let holder = list.parentElement; holder; holder = holder.parentElement)
    joins?.observe(holder, { childList: true });
  return () => {
    joins?.disconnect();
    resizes.disconnect();
  };
}
