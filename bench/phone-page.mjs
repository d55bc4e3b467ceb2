// @ts-check
// A phone's page as the benches open it in Chromium (bench/phone-upload.mjs, bench/phone-gallery.mjs).

/** A phone's screen: 390x844 at 3x, touch. */
export const PHONE = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};

/** Records long tasks from the page's start, before any of its scripts (an init script). */
export function watchLongTasks() {
  window.__longTasks = [];
  new window.PerformanceObserver((list) => {
    for (const entry of list.getEntries())
      window.__longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
}
