import { isRetryable, retryAfterMs, type ApiError } from '../api/apiErrors';

/** The first wait after an older page's read was lost; each later one doubles, up to PAGE_RETRY_MAX_MS. */
export const PAGE_RETRY_FIRST_MS = 1000;
export const PAGE_RETRY_MAX_MS = 30_000;

/**
 * When to read an older page again after the read failed `failures` times in a row (1 for the first): a refusal
 * for going too fast after the seconds it gives, a lost answer (network, a service down) after a wait that
 * doubles each time; null for an error that asking again will not mend (the gallery gone, a PIN now asked),
 * which leaves the "Load more" button to the guest. A guest scrolling down never stops at a page that failed
 * once, as a venue's Wi-Fi makes many.
 */
export function pageRetryMs(error: ApiError, failures: number): number | null {
  const refused = retryAfterMs(error);
  if (refused !== null) return refused;
  if (!isRetryable(error)) return null;
  return Math.min(PAGE_RETRY_MAX_MS, PAGE_RETRY_FIRST_MS * 2 ** Math.max(0, failures - 1));
}
