import { useEffect } from 'react';

/**
 * Keeps the screen on while the wall shows (Screen Wake Lock). The browser drops the lock whenever the page is
 * hidden, so it is asked for again each time the page comes back. Browsers without the API just sleep as set.
 */
export function useWakeLock(): void {
  useEffect(() => {
    const wakeLock = 'wakeLock' in navigator ? navigator.wakeLock : undefined;
    if (!wakeLock) return undefined;
    let sentinel: WakeLockSentinel | null = null;
    let active = true;
    const acquire = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((lock) => {
          if (active) sentinel = lock;
          else void lock.release();
        })
        .catch(() => undefined);
    };
    acquire();
    document.addEventListener('visibilitychange', acquire);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', acquire);
      void sentinel?.release().catch(() => undefined);
    };
  }, []);
}
