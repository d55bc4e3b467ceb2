import type { RemoteGraphQLDataSource } from '@apollo/gateway';
import { SUBGRAPH_KEEP_ALIVE } from '@gallery/platform/edge';
import { Agent, fetch, type RequestInit, type Response } from 'undici';

/**
 * Every request the gateway makes to its subgraphs (GraphQL, photo redirects, webhooks, health) goes through one
 * pool of keep-alive connections, each closed after SUBGRAPH_KEEP_ALIVE.gatewayIdleMs without a request: sooner
 * than a subgraph closes it, so no request is ever sent on a connection its server is closing ("socket hang up").
 * keepAliveMaxTimeout caps the idle time a server's Keep-Alive header may ask for.
 */
const connections = new Agent({
  keepAliveTimeout: SUBGRAPH_KEEP_ALIVE.gatewayIdleMs,
  keepAliveMaxTimeout: SUBGRAPH_KEEP_ALIVE.gatewayIdleMs,
});

/** What a subgraph answers through subgraphFetch (undici's Response, not the global one). */
export type SubgraphResponse = Response;

export function subgraphFetch(url: string, init: RequestInit = {}): Promise<SubgraphResponse> {
  return fetch(url, { ...init, dispatcher: connections });
}

/** subgraphFetch as Apollo's data sources call their fetcher. */
export const subgraphFetcher = subgraphFetch as unknown as RemoteGraphQLDataSource['fetcher'];
