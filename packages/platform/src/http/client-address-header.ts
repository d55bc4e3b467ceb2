import type { IncomingHttpHeaders } from 'node:http';

/**
 * The header in which the gateway tells a subgraph who the client is (the address it connected from). The
 * gateway always overwrites it, and subgraphs listen where only the gateway reaches them, so it can be trusted.
 */
export const CLIENT_ADDRESS_HEADER = 'x-gallery-client';

/** Who is asking: the address the gateway forwarded, else the caller's own (a direct call in a test). */
export function clientAddress(request: {
  headers: IncomingHttpHeaders;
  socket?: { remoteAddress?: string };
}): string {
  const forwarded = request.headers[CLIENT_ADDRESS_HEADER];
  const value = Array.isArray(forwarded) ? forwarded[0] : forwarded;
  return (value || request.socket?.remoteAddress || 'unknown').slice(0, 64);
}
