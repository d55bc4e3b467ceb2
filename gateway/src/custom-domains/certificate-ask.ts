import type { RequestHandler } from 'express';
import type { CustomDomainHosts } from './custom-domain-hosts.js';

/**
 * Caddy's on-demand TLS `ask` endpoint: before Caddy obtains a certificate for a name a client asked for, it
 * asks here (`?domain=name`), and only a couple's verified domain is answered 200; anything else gets 404, so
 * no certificate is requested for a name that is not one (ACME rate limits, names pointed at us by others).
 */
export function certificateAsk(hosts: CustomDomainHosts): RequestHandler {
  return async (req, res) => {
    const domain = req.query.domain;
    if (typeof domain !== 'string' || domain.length === 0) {
      res.status(400).type('text/plain').send('domain is required');
      return;
    }
    try {
      const code = await hosts.galleryOf(domain);
      res
        .status(code ? 200 : 404)
        .type('text/plain')
        .send(code ? 'ok' : 'not a verified domain');
    } catch {
      res.status(503).type('text/plain').send('unavailable');
    }
  };
}
