import { useEffect } from 'react';
import { useLocation } from 'react-router';

type Listener = (pathname: string) => void;

const listeners = new Set<Listener>();
let shownPath: string | undefined;

/** The path whose page last finished loading and mounted, if any. */
export function lastShownPath(): string | undefined {
  return shownPath;
}

/** Calls `listener` with the path each time a page has loaded and mounted; returns the unsubscribe. */
export function onPageShown(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * Rendered after the `<Outlet />` inside a layout's Suspense boundary: its effect runs only once the lazily
 * loaded page has mounted (and set its title), however long its code took to arrive.
 */
export function PageShown() {
  const { pathname } = useLocation();
  useEffect(() => {
    shownPath = pathname;
    for (const listener of [...listeners]) listener(pathname);
  }, [pathname]);
  return null;
}
