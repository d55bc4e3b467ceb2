/** The analytics events the product sends, and what each carries. */
export interface AnalyticsEvents {
  package_upgrade: { from: string; to: string };
  payment_success: { value: number; currency: string };
}

type AnalyticsFunction = (command: 'event', name: string, params: Record<string, unknown>) => void;

/**
 * Sends an event to the page's analytics function (`gtag`) when one is configured, and does nothing otherwise:
 * no queue, no script loading here. Never throws: analytics must not break a payment.
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
