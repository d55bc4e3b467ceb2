/** What the upload queue needs to know of the browser's network. */
export interface Network {
  online(): boolean;
  /** Resolves once the browser says it is online again (at once if it is). */
  whenOnline(): Promise<void>;
  /**
   * Waits `ms` before a new try, cut short when the network comes back or the page is shown again (a phone
   * back from sleep need not sit out a back-off it began before sleeping).
   */
  pause(ms: number): Promise<void>;
}

/** The browser's own view: navigator.onLine, its `online` event and the page's visibility. */
export const browserNetwork: Network = {
  online: () => typeof navigator === 'undefined' || navigator.onLine,
  whenOnline: () =>
    new Promise<void>((resolve) => {
      if (browserNetwork.online()) return resolve();
      window.addEventListener('online', () => resolve(), { once: true });
    }),
  pause: (ms) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        window.removeEventListener('online', done);
        document.removeEventListener('visibilitychange', shown);
        resolve();
      };
      const shown = () => {
        if (document.visibilityState === 'visible') done();
      };
      const timer = setTimeout(done, ms);
      window.addEventListener('online', done);
      document.addEventListener('visibilitychange', shown);
    }),
};
