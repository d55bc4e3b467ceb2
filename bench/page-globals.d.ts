// What the benches' page scripts keep on the page's window (bench/phone-upload.mjs, bench/phone-gallery.mjs,
// bench/wall.mjs), so their functions run in the browser type-check with the rest (tsconfig.bench.json).
interface Window {
  __longTasks: { start: number; duration: number }[];
  __seen: Map<string | null, number>;
  __loaded: Map<string | null, number>;
  wallShown: Record<string, number>;
  /** phone-gallery's: when the grid's first thumbnail loaded (performance.now()). */
  __firstThumbnail: number;
}

interface Element {
  /** phone-upload's mark on a thumbnail whose load it listens for. */
  __watched?: boolean;
}
