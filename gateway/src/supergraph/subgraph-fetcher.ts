import type { RemoteGraphQLDataSource } from '@apollo/gateway';
import { SUBGRAPH_KEEP_ALIVE } from '@gallery/platform/edge';
import { Agent, fetch } from 'undici';

type Fetcher = RemoteGraphQLDataSource['fetcher'];

/**
 * The gateway's HTTP client to its subgraphs: keep-alive connections, each closed after `idleMs` without a
 * request, sooner than a subgraph closes it (SUBGRAPH_KEEP_ALIVE), so no request is ever sent on a connection its
 * server is closing. Apollo's own client keeps idle connections until the server closes them.
 */
export function subgraphFetcher(idleMs: number = SUBGRAPH_KEEP_ALIVE.gatewayIdleMs): Fetcher {
  // keepAliveMaxTimeout caps the idle time a server's Keep-Alive header may ask for.
  const dispatcher = new Agent({ keepAliveTimeout: idleMs, keepAliveMaxTimeout: idleMs });
  return ((url: string, init?: Parameters<Fetcher>[1]) =>
    fetch(url, { ...(init as object), dispatcher })) as unknown as Fetcher;
}
