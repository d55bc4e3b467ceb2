/**
 * Product analytics (spec section 7: gallery_view, photo_download, ...). Events go to the page's analytics
 * queue when an analytics script has set one up (`window.dataLayer`); without one they go nowhere. No script is
 * loaded from here: the Content-Security-Policy allows none from elsewhere.
 */
export function trackEvent(name: string, params: Record<string, string | number> = {}): void {
  const queue = (window as { dataLayer?: unknown[] }).dataLayer;
  if (Array.isArray(queue)) queue.push({ event: name, ...params });
}
