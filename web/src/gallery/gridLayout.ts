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
