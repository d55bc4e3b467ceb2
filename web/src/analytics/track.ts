/** The analytics events the product sends, and what each carries. */
export interface AnalyticsEvents {
  /** A guest opened a gallery; `gallery_name` is the named variant, sent once the gallery's name is known. */
  gallery_view: { gallery_code: string; gallery_name?: string };
  /** One photo (single) or the whole gallery as a zip (bulk). */
  photo_download: { gallery_code: string; mode: 'single' | 'bulk'; count?: number };
  package_upgrade: { from: string; to: string };
  payment_success: { value: number; currency: string };
  qr_code_generated: { gallery_code: string };
  page_view: { page_path: string; page_title: string; language: string };
}

type AnalyticsFunction = (...args: unknown[]) => void;

/**
 * Sends an event to the page's analytics function (`gtag`) when one is configured, and does nothing otherwise.
 * Never throws: analytics must not break a payment.
 */
export function track<N extends keyof AnalyticsEvents>(name: N, params: AnalyticsEvents[N]): void {
  const analytics = (globalThis as { gtag?: unknown }).gtag;
  if (typeof analytics !== 'function') return;
  try {
    (analytics as AnalyticsFunction)('event', name, { ...params });
  } catch {
    // A failing analytics script is its own problem.
  }
}

export const ANALYTICS_SCRIPT_ID = 'web-analytics';

/**
 * Loads the web analytics script (Google Analytics' gtag.js) when a measurement id is configured
 * (VITE_ANALYTICS_ID at build time), once: a second call, or a page that already has the script, adds nothing.
 * Events sent before the script arrives wait in `dataLayer`. Page views are sent by the app (`page_view`).
 */
export function loadAnalytics(
  measurementId: string | undefined,
  target: { document: Document; window: Window } = { document, window },
): boolean {
  if (!measurementId) return false;
  const { document: doc, window: win } = target;
  if (doc.getElementById(ANALYTICS_SCRIPT_ID)) return false;
  const host = win as unknown as { dataLayer?: unknown[]; gtag?: AnalyticsFunction };
  host.dataLayer = host.dataLayer ?? [];
  host.gtag =
    host.gtag ??
    function gtag() {
      // gtag.js reads the arguments object itself.
      // eslint-disable-next-line prefer-rest-params
      host.dataLayer!.push(arguments);
    };
  host.gtag('js', new Date());
  host.gtag('config', measurementId, { send_page_view: false });
  const script = doc.createElement('script');
  script.id = ANALYTICS_SCRIPT_ID;
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`;
  doc.head.append(script);
  return true;
}
