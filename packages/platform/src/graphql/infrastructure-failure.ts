/** Socket-level failures: the server is down, restarting or out of reach. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
]);
/** PostgreSQL SQLSTATEs that say the server cannot serve now (connection exceptions, shutdown, no resources). */
const POSTGRES_UNAVAILABLE = /^(08|53|57P0)/;
/** pg-pool's own messages when the server vanishes or does not answer. */
const POSTGRES_CLIENT_MESSAGES =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i;
/** Error names of the NATS client and the AWS SDK for a peer that did not answer. */
const UNAVAILABLE_NAMES = new Set([
  'TimeoutError',
  'NoRespondersError',
  'ConnectionError',
  'ClosedConnectionError',
  'RequestError',
]);

/** The error and what it wraps: TypeORM's driverError, GraphQL's originalError, `cause`, an AggregateError's list. */
function causes(error: unknown, seen: unknown[] = []): unknown[] {
  if (!error || typeof error !== 'object' || seen.includes(error) || seen.length >= 16) return seen;
  seen.push(error);
  const { driverError, originalError, cause, errors } = error as {
    driverError?: unknown;
    originalError?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  for (const inner of [driverError, originalError, cause, ...(Array.isArray(errors) ? errors : [])]) {
    causes(inner, seen);
  }
  return seen;
}

/**
 * Whether an error means a server the service depends on (PostgreSQL, NATS, object storage) is down or not
 * answering, rather than a fault in the request or the code: the caller gets SERVICE_UNAVAILABLE and may retry.
 */
export function isInfrastructureFailure(error: unknown): boolean {
  return causes(error).some((cause) => {
    const { code, name, message, $metadata } = cause as {
      code?: unknown;
      name?: unknown;
      message?: unknown;
      $metadata?: { httpStatusCode?: number };
    };
    if (typeof code === 'string' && (NETWORK_CODES.has(code) || POSTGRES_UNAVAILABLE.test(code))) return true;
    if (typeof name === 'string' && UNAVAILABLE_NAMES.has(name)) return true;
    if (typeof message === 'string' && POSTGRES_CLIENT_MESSAGES.test(message)) return true;
    const status = $metadata?.httpStatusCode;
    return status === 500 || status === 502 || status === 503 || status === 504;
  });
}
