import { useEffect, useState } from 'react';

/** The longest a settled task waits for the page to be idle: a busy page still gets it within a second. */
export const SETTLED_WITHIN_MS = 1000;

/**
 * Runs `work` in a task of its own once the page is idle (or within SETTLED_WITHIN_MS): for what a screen needs
 * soon but not in its first picture (the couple's analytics, the guestbook's first read, a button's rights). On a
 * phone each request costs tens of milliseconds of the main thread; sent from the effects of the render that first
 * draws the gallery, they all ran in that one task, one of the page's longest. Returns a cancel.
 */
export function whenSettled(work: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => work(), { timeout: SETTLED_WITHIN_MS });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(work, 0);
  return () => clearTimeout(id);
}

/** False while the component's first picture is drawn, true once the page has settled (whenSettled). */
export function useSettled(): boolean {
  const [settled, setSettled] = useState(false);
  useEffect(() => whenSettled(() => setSettled(true)), []);
  return settled;
}
