/**
 * Registers the service worker (src/sw/service-worker.ts, built to /sw.js) in the built app; the dev server
 * has none, so hot reload is never answered from a cache.
 */
export function registerServiceWorker(): void {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.register('/sw.js').catch((error: unknown) => {
    console.warn('The offline gallery is not available in this browser', error);
  });
}
