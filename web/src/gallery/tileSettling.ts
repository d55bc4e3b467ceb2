import { useEffect, useState } from 'react';

/**
 * How long a tile that came into the page while it scrolled stays before its thumbnail is asked for. A fling
 * through a long gallery passes each tile in a frame or two; a guest reading as they scroll keeps it for seconds.
 */
export const TILE_SETTLE_MS = 150;

let lastScrollAt = Number.NEGATIVE_INFINITY;
let listening = false;

/** Whether the page scrolled within the last TILE_SETTLE_MS (one passive listener, added on first need). */
export function pageScrolling(now = performance.now()): boolean {
  if (!listening && typeof window !== 'undefined') {
    listening = true;
    window.addEventListener('scroll', () => (lastScrollAt = performance.now()), {
      passive: true,
      capture: true,
    });
  }
  return now - lastScrollAt < TILE_SETTLE_MS;
}

/**
 * Whether a tile may load its image: at once when it came into a still page (the first screen, a page read at the
 * end), after TILE_SETTLE_MS when it came in during a scroll. Each thumbnail asked for is a download and an image
 * Chromium keeps until its next full collection, which then pays for every one of them at once: a fling through
 * thousands of tiles made those pauses the page's longest tasks (docs/decisions.md, "tiles passed in a fling").
 */
export function useTileSettled(waitWhileScrolling: boolean): boolean {
  const [settled, setSettled] = useState(() => !waitWhileScrolling || !pageScrolling());
  useEffect(() => {
    if (settled) return;
    const timer = setTimeout(() => setSettled(true), TILE_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [settled]);
  return settled;
}
