import type { RequestHandler } from 'express';
import type { CustomDomainHosts } from '../custom-domains/custom-domain-hosts.js';

/** Names of this machine: `npm start`, the tests, and an operator's tools on the machine (`kubectl port-forward`). */
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);
/** A Host header: a name or a bracketed IPv6 address, and maybe a port. Anything else names no host we serve. */
const HOST_HEADER = /^([a-z0-9.-]{1,253}|\[[0-9a-f:.]{2,45}\])(?::(\d{1,5}))?$/i;

/**
 * Paths machines call by an address of their own rather than the product's name, which answer nothing about any
 * gallery: Kubernetes' probes (by the pod's IP) and Caddy's ask for a certificate (by the gateway's service name).
 */
export const MACHINE_PATHS = ['/health/live', '/health/ready', '/api/custom-domains/allowed'];

/** A host the gateway serves: the product, or a couple's verified domain showing its gallery. */
export interface ServedHost {
  /** The couple's gallery when the host is their verified domain; null for the product's own host. */
  gallery: string | null;
  /** The page's own live socket origins, for its Content-Security-Policy: from the allowlist, never the header. */
  socketOrigins: string[];
}

/** A Host header the gateway does not serve (a live socket's upgrade is refused with 421 for it). */
export class HostNotServed extends Error {
  constructor() {
    super('This address is not served here.');
  }
}

/**
 * The hosts the gateway serves, and nothing else (a DNS name pointed at the gateway by someone else, or a Host
 * header made up, gets no page, no API and no socket): PUBLIC_URL's host, the machine's own loopback names, and
 * the couples' verified custom domains (asked of events, CustomDomainHosts).
 */
export class ServedHosts {
  private readonly product: { hostname: string; socketOrigins: string[] } | null;

  constructor(
    publicUrl: string | undefined,
    private readonly customDomains: Pick<CustomDomainHosts, 'galleryOf'>,
  ) {
    const url = publicUrl ? new URL(publicUrl) : null;
    this.product = url && {
      hostname: url.hostname.toLowerCase(),
      socketOrigins: [`ws://${url.host}`, `wss://${url.host}`],
    };
  }

  /** What `hostHeader` is to the gateway; null when it is not served. Throws when events cannot be asked. */
  async resolve(hostHeader: string | undefined): Promise<ServedHost | null> {
    const match = HOST_HEADER.exec(hostHeader ?? '');
    if (!match) return null;
    const name = match[1]!.toLowerCase().replace(/\.$/, '');
    const port = match[2];
    if (this.product && name === this.product.hostname) {
      return { gallery: null, socketOrigins: this.product.socketOrigins };
    }
    if (LOOPBACK_NAMES.has(name)) {
      const host = port ? `${name}:${Number(port)}` : name;
      return { gallery: null, socketOrigins: [`ws://${host}`, `wss://${host}`] };
    }
    const gallery = await this.customDomains.galleryOf(name);
    return gallery ? { gallery, socketOrigins: [`ws://${name}`, `wss://${name}`] } : null;
  }
}

/**
 * Answers only requests for a served host (421 Misdirected Request otherwise, 503 while events cannot say whether
 * a name is a couple's domain), but for MACHINE_PATHS; what the host is stays in `res.locals.servedHost`.
 */
export function servedHostsOnly(hosts: ServedHosts): RequestHandler {
  return async (req, res, next) => {
    if (MACHINE_PATHS.includes(req.path)) return next();
    let served: ServedHost | null;
    try {
      served = await hosts.resolve(req.headers.host);
    } catch {
      res.status(503).set('Retry-After', '5').type('text/plain').send('Please try again in a moment.');
      return;
    }
    if (!served) {
      res.status(421).set('Cache-Control', 'no-store').type('text/plain').send(new HostNotServed().message);
      return;
    }
    res.locals.servedHost = served;
    next();
  };
}
