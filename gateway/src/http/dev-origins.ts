import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';

/** What the web app sends cross-origin from the Vite dev server: the bearer token, guest identity and JSON. */
const ALLOWED_HEADERS = 'Authorization, X-Guest-Identity, X-Gallery-Pass, Content-Type, Accept';
const ALLOWED_METHODS = 'GET, POST';
/** How long a browser may keep a preflight's answer. */
const PREFLIGHT_MAX_AGE_SECONDS = 600;

/**
 * WEB_DEV_ORIGINS: the origins of web app pages not served by this gateway (the Vite dev server beside
 * `npm start`), as a comma- or space-separated list. Each must be a plain http(s) origin; none by default, so a
 * production gateway answers its own pages only.
 */
export function webDevOriginsFromEnv(raw: string): string[] {
  return raw
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((value) => {
      const origin = originOf(value);
      if (!origin) {
        throw new Error(`WEB_DEV_ORIGINS: ${JSON.stringify(value)} is not an origin (http://localhost:5173)`);
      }
      return origin;
    });
}

/** `value`'s origin when `value` is an http(s) origin and nothing more, else null. */
function originOf(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  const web = url.protocol === 'http:' || url.protocol === 'https:';
  return web && url.origin === value.replace(/\/$/, '') ? url.origin : null;
}

/**
 * CORS for the configured dev origins only: their requests (credentials included, the Authorization header)
 * and preflights are answered; any other origin gets no CORS header, so its browser refuses the answer.
 */
export function devOriginsCors(origins: readonly string[]): RequestHandler {
  const allowed = new Set(origins);
  return (req, res, next) => {
    if (allowed.size === 0) {
      next();
      return;
    }
    // The answer depends on the Origin: shared caches must not hand one origin's answer to another.
    res.vary('Origin');
    const origin = req.headers.origin;
    if (!origin || !allowed.has(origin)) {
      next();
      return;
    }
    res.set('Access-Control-Allow-Origin', origin);
    res.set('Access-Control-Allow-Credentials', 'true');
    if (req.method === 'OPTIONS' && req.headers['access-control-request-method']) {
      res.set('Access-Control-Allow-Methods', ALLOWED_METHODS);
      res.set('Access-Control-Allow-Headers', ALLOWED_HEADERS);
      res.set('Access-Control-Max-Age', String(PREFLIGHT_MAX_AGE_SECONDS));
      res.status(204).end();
      return;
    }
    next();
  };
}

/**
 * Whether a WebSocket upgrade may go ahead: a client that sends no Origin (not a browser), a page of this
 * gateway (the Origin's host is the one the request was sent to, or the public URL's), or a dev origin. A page
 * of any other site is refused, so it cannot open the live socket with the visitor's credentials.
 */
export function socketOriginAllowed(options: {
  devOrigins: readonly string[];
  publicUrl?: string;
}): (request: IncomingMessage) => boolean {
  const publicOrigin = options.publicUrl ? new URL(options.publicUrl).origin : undefined;
  return (request) => {
    const origin = request.headers.origin;
    if (origin === undefined) return true;
    if (options.devOrigins.includes(origin) || origin === publicOrigin) return true;
    try {
      return new URL(origin).host === request.headers.host;
    } catch {
      return false;
    }
  };
}
