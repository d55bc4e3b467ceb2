import { STATUS_CODES } from 'node:http';
import type { RemoteGraphQLDataSource } from '@apollo/gateway';
import { SUBGRAPH_DEADLINES } from '@gallery/contracts';
import { SUBGRAPH_KEEP_ALIVE } from '@gallery/platform/edge';
import { Agent, fetch, Headers, request, type RequestInit, type Response } from 'undici';

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

type Fetcher = RemoteGraphQLDataSource['fetcher'];
type FetcherResponse = Awaited<ReturnType<Fetcher>>;

/** How Apollo's data source starts a mutation's body: it writes the operation's text first. */
const MUTATION_BODY = '{"query":"mutation';

/**
 * How long a GraphQL request to a subgraph may take (SUBGRAPH_DEADLINES), read from its body's first characters
 * rather than by parsing it.
 */
export function subgraphDeadlineMs(body: unknown): number {
  return typeof body === 'string' && body.startsWith(MUTATION_BODY)
    ? SUBGRAPH_DEADLINES.mutationMs
    : SUBGRAPH_DEADLINES.queryMs;
}

/**
 * The GraphQL requests to the subgraphs, as Apollo's data sources call their fetcher, through undici's
 * `request` rather than its `fetch`: the same pool, but no WHATWG Request, body stream or Response around a
 * small JSON body read whole (the header and body go out in one write). Per request pair of an upload this was
 * most of the gateway's own CPU beside Apollo's (bench/upload-requests.mjs). Redirects are not followed: a
 * subgraph's /graphql never sends one. A subgraph that has not answered whole by its deadline is given up
 * (ETIMEDOUT, which the caller sees as SERVICE_UNAVAILABLE on that subgraph's fields), its connection closed.
 */
export const subgraphFetcher: Fetcher = async (url, init = {}) => {
  const deadlineMs = subgraphDeadlineMs(init.body);
  const deadline = AbortSignal.timeout(deadlineMs);
  const given = init.signal as AbortSignal | null | undefined;
  try {
    const answer = await request(url, {
      method: (init.method ?? 'GET') as 'GET',
      headers: init.headers,
      body: init.body,
      signal: given ? AbortSignal.any([given, deadline]) : deadline,
      dispatcher: connections,
    });
    const text = await answer.body.text();
    return wholeResponse(url, answer.statusCode, answer.headers, text);
  } catch (error) {
    if (!deadline.aborted || given?.aborted) throw error;
    throw Object.assign(new Error(`${url} gave no answer within ${deadlineMs} ms`, { cause: error }), {
      code: 'ETIMEDOUT',
    });
  }
};

/** A fetch-like response around a body already read. */
function wholeResponse(
  url: string,
  status: number,
  raw: Record<string, string | string[] | undefined>,
  text: string,
): FetcherResponse {
  const headers = new Headers();
  for (const [name, value] of Object.entries(raw)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.append(name, value);
  }
  const response: FetcherResponse = {
    url,
    status,
    ok: status >= 200 && status < 300,
    statusText: STATUS_CODES[status] ?? '',
    redirected: false,
    headers,
    bodyUsed: false,
    text: () => Promise.resolve(text),
    json: () => Promise.resolve(text).then(JSON.parse),
    arrayBuffer: () => Promise.resolve(new TextEncoder().encode(text).buffer as ArrayBuffer),
    clone: () => wholeResponse(url, status, raw, text),
  };
  return response;
}
