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

/**
 * How undici and Node say a request to a subgraph got no answer: the connection was refused, reset or cut while
 * the answer was awaited (a subgraph killed mid-request), or timed out. Whether the subgraph acted on it is
 * unknown, so the caller is told to try again, as every mutation a guest retries is safe to repeat (a confirm,
 * a slot request), never INTERNAL, which the web app takes as final.
 */
const NO_ANSWER_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** Whether `error`, or what it wraps, is a request that got no answer. */
function gotNoAnswer(error: unknown, depth = 0): boolean {
  if (!error || typeof error !== 'object' || depth > 4) return false;
  const { code, cause, originalError } = error as {
    code?: unknown;
    cause?: unknown;
    originalError?: unknown;
  };
  if (typeof code === 'string' && NO_ANSWER_CODES.has(code)) return true;
  return gotNoAnswer(cause, depth + 1) || gotNoAnswer(originalError, depth + 1);
}

function subgraphUnreachable(formatted: GraphQLFormattedError, error: unknown): boolean {
  // The subgraph fetcher (undici) rejects with a TypeError "fetch failed", its cause saying why, when the
  // connection fails, and with undici's own error when an answer is cut off.
  if (error instanceof TypeError && error.message === 'fetch failed') return true;
  if (gotNoAnswer(error)) return true;
  if (formatted.extensions?.code === 'DOWNSTREAM_SERVICE_ERROR') return true;
  const status = (formatted.extensions?.response as { status?: number } | undefined)?.status;
  return status !== undefined && status >= 500;
}
