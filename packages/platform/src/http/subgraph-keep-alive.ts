/**
 * How long the gateway and a subgraph keep an idle keep-alive connection between them. The gateway closes its
 * idle ones first, long before the subgraph would: a request sent on a connection at the moment its server closes
 * it fails with "socket hang up", and the gateway cannot send a mutation (a gallery's creation, say) again.
 * Node's own server default (5 s) against a client that keeps sockets forever made that happen now and then.
 */
export const SUBGRAPH_KEEP_ALIVE = {
  /** The gateway closes a connection to a subgraph after this long without a request. */
  gatewayIdleMs: 4_000,
  /** A subgraph closes a connection after this long without a request (its `keepAliveTimeout`). */
  subgraphIdleMs: 30_000,
} as const;
