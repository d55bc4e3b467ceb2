import type { GraphQLFormattedError } from 'graphql';
import { formatGraphQLError } from '@gallery/platform/edge';
import { SERVICE_UNAVAILABLE } from './service-unavailable.js';

/** Apollo Server's code for an HTTP request that is not a GraphQL request ("GET query missing."). */
const MALFORMED_REQUEST = 'BAD_REQUEST';

/**
 * Apollo's formatError at the gateway. Subgraph errors arrive already formatted (a catalogue code and its
 * message) and pass through the shared formatter, as does a malformed request (BAD_REQUEST, which the shared
 * formatter would call INTERNAL); a subgraph that cannot be reached becomes SERVICE_UNAVAILABLE; anything else
 * INTERNAL. The extensions @apollo/gateway adds (`serviceName`, the subgraph's raw HTTP `response`) are
 * dropped: they describe our internals. No stack trace leaves the process.
 */
export function formatGatewayError(
  formatted: GraphQLFormattedError,
  error: unknown,
  log: (error: unknown) => void = console.error,
): GraphQLFormattedError {
  if (subgraphUnreachable(formatted, error)) {
    const cause = (error as { cause?: { message?: unknown } } | undefined)?.cause?.message;
    log(typeof cause === 'string' ? `${formatted.message}: ${cause}` : formatted.message);
    return {
      message: SERVICE_UNAVAILABLE.message,
      path: formatted.path,
      extensions: { code: SERVICE_UNAVAILABLE.code },
    };
  }
  if (formatted.extensions?.code === MALFORMED_REQUEST) {
    return { message: formatted.message, extensions: { code: MALFORMED_REQUEST } };
  }
  const result = formatGraphQLError(formatted, error, log);
  const { serviceName: _serviceName, response: _response, ...extensions } = result.extensions ?? {};
  return { ...result, extensions };
}

function subgraphUnreachable(formatted: GraphQLFormattedError, error: unknown): boolean {
  // The subgraph fetcher (undici) rejects with a TypeError "fetch failed", its cause saying why, when the
  // connection fails.
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  if (formatted.extensions?.code === 'DOWNSTREAM_SERVICE_ERROR') return true;
  const status = (formatted.extensions?.response as { status?: number } | undefined)?.status;
  return status !== undefined && status >= 500;
}
