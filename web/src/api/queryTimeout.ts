import { ApolloLink } from '@apollo/client';
import { isQueryOperation } from '@apollo/client/utilities';

/**
 * The longest a query's answer is waited for. A venue's Wi-Fi can leave a request hanging with no answer and no
 * error: without an end, a read of older photos never finished, and neither it nor any later one was asked
 * again (the gallery stopped at its last page, a page scrolled back to stayed "Loading…", the wall stopped
 * growing). Cut off, the read fails as a lost one does (SERVICE_UNAVAILABLE) and is tried again like one.
 * Generous: a page of photos is tens of kilobytes, and the slowest query (a sheet of table cards) takes seconds.
 */
export const QUERY_TIMEOUT_MS = 30_000;

/**
 * Gives each query (not a mutation, whose caller decides what a lost answer means, nor a subscription) a signal
 * that aborts its request after QUERY_TIMEOUT_MS, joined with any signal the caller gave.
 */
export function queryTimeoutLink(timeoutMs = QUERY_TIMEOUT_MS): ApolloLink {
  return new ApolloLink((operation, forward) => {
    if (!isQueryOperation(operation.query) || typeof AbortSignal.timeout !== 'function') {
      return forward(operation);
    }
    const { fetchOptions } = operation.getContext() as { fetchOptions?: RequestInit };
    const timeout = AbortSignal.timeout(timeoutMs);
    const given = fetchOptions?.signal;
    const signal =
      given && typeof AbortSignal.any === 'function' ? AbortSignal.any([given, timeout]) : (given ?? timeout);
    operation.setContext({ fetchOptions: { ...fetchOptions, signal } });
    return forward(operation);
  });
}
