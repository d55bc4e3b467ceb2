import type { RequestHandler } from 'express';
import { CLIENT_ADDRESS_HEADER } from '@gallery/platform/edge';
import { subgraphFetch, type SubgraphResponse } from '../http/subgraph-fetch.js';

/**
 * /unsubscribe/{token}, a mail's one-click unsubscribe (RFC 8058): passed to the events service, which checks
 * the signed token. A POST stops the mail; the body (`List-Unsubscribe=One-Click`) is not read, and no cookie is
 * needed: the token is the whole credential. A GET (the link opened in a browser) stops nothing and is answered
 * with events' small page, whose button POSTs back with `?page=1` to be answered with a page too. The client's
 * address goes along for events' rate limit of bad tokens, its Accept-Language for a page whose mail is gone.
 * When events does not answer, 502, and the mail client may try again.
 */
export function forwardOneClickStop(eventsOrigin: string): RequestHandler {
  const base = `${eventsOrigin.replace(/\/+$/, '')}/unsubscribe/`;
  return async (req, res) => {
    const token = String(req.params.token ?? '');
    const fromPage = req.method === 'POST' && req.query.page === '1' ? '?page=1' : '';
    const language = req.get('accept-language');
    let answer: SubgraphResponse;
    try {
      answer = await subgraphFetch(base + encodeURIComponent(token) + fromPage, {
        method: req.method === 'GET' ? 'GET' : 'POST',
        headers: {
          [CLIENT_ADDRESS_HEADER]: req.ip ?? 'unknown',
          ...(language ? { 'accept-language': language.slice(0, 500) } : {}),
        },
        signal: AbortSignal.timeout(30_000),
      });
    } catch {
      res.status(502).json({ error: 'the events service is not answering' });
      return;
    }
    res
      .status(answer.status)
      .set('cache-control', 'no-store')
      .type(answer.headers.get('content-type') ?? 'application/json')
      .send(Buffer.from(await answer.arrayBuffer()));
  };
}
