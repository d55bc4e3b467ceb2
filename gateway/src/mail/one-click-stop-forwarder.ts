import type { RequestHandler } from 'express';
import { CLIENT_ADDRESS_HEADER } from '@gallery/platform/edge';
import { subgraphFetch, type SubgraphResponse } from '../http/subgraph-fetch.js';

/**
 * POST /unsubscribe/{token}, a mail's one-click unsubscribe (RFC 8058): passed to the events service, which checks
 * the signed token and stops the mail. The body (`List-Unsubscribe=One-Click`) is not read, and no cookie is
 * needed: the token is the whole credential. The client's address goes along for events' rate limit of bad
 * tokens. When events does not answer, 502, and the mail client may try again.
 */
export function forwardOneClickStop(eventsOrigin: string): RequestHandler {
  const base = `${eventsOrigin.replace(/\/+$/, '')}/unsubscribe/`;
  return async (req, res) => {
    const token = String(req.params.token ?? '');
    let answer: SubgraphResponse;
    try {
      answer = await subgraphFetch(base + encodeURIComponent(token), {
        method: 'POST',
        headers: { [CLIENT_ADDRESS_HEADER]: req.ip ?? 'unknown' },
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      res.status(502).json({ error: 'the events service is not answering' });
      return;
    }
    res
      .status(answer.status)
      .type(answer.headers.get('content-type') ?? 'application/json')
      .send(Buffer.from(await answer.arrayBuffer()));
  };
}
