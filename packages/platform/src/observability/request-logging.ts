import type { IncomingMessage, ServerResponse } from 'node:http';
import { pinoHttp } from 'pino-http';
import type { Logger } from 'pino';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import { logger as processLogger } from './logger.js';
import { httpRequestSeconds } from './metrics.js';
import {
  acceptedRequestId,
  REQUEST_ID_HEADER,
  runWithRequestContext,
  type RequestContext,
} from './request-context.js';

type Next = (error?: unknown) => void;
type Middleware = (request: IncomingMessage, response: ServerResponse, next: Next) => void;

interface LoggedRequest extends IncomingMessage {
  body?: unknown;
  requestContext?: RequestContext;
}

/** Paths asked every few seconds by probes and scrapers: not worth a line each. */
const QUIET_PATHS = /^\/health(\/|$)|^\/metrics$/;

/**
 * One JSON line per request when it is answered (method, path, status, time taken), with its request id: the
 * `x-request-id` it came with when it looks like one, else a new one, also sent back in the answer. The rest
 * of the request runs in its request context, so every line logged meanwhile and every domain event recorded
 * carries that id (request-context.ts). `logger`: where the lines go (silent in tests that ask for no logs).
 */
export function requestLogging(logger: Logger = processLogger): Middleware {
  const logging = pinoHttp({
    logger,
    quietReqLogger: true,
    customAttributeKeys: { reqId: 'requestId' },
    genReqId: (request, response) => {
      const id = acceptedRequestId(request.headers[REQUEST_ID_HEADER]);
      response.setHeader(REQUEST_ID_HEADER, id);
      return id;
    },
    autoLogging: { ignore: (request) => QUIET_PATHS.test(request.url ?? '') },
    serializers: {
      // The path without its query or a token it carries (loggedPath), and none of the headers.
      req: (request: { method?: string; url?: string }) => ({
        method: request.method,
        path: request.url === undefined ? undefined : loggedPath(request.url),
      }),
      res: (response: { statusCode?: number }) => ({ status: response.statusCode }),
    },
    customProps: (request) => {
      const galleryCode = (request as LoggedRequest).requestContext?.galleryCode;
      return galleryCode ? { galleryCode } : {};
    },
  });
  return (request: LoggedRequest, response, next) => {
    const timer = httpRequestSeconds.startTimer({ route: routeOf(request.url ?? '') });
    response.once('finish', () => timer({ status: `${Math.floor(response.statusCode / 100)}xx` }));
    logging(request, response, () => {
      const context: RequestContext = { requestId: String(request.id) };
      request.requestContext = context;
      runWithRequestContext(context, next);
    });
  };
}

/** Known first path segments, so a scan of made-up paths cannot grow the metric's label values. */
const ROUTES = new Set([
  'graphql',
  'media',
  'api',
  'health',
  'webhooks',
  'backup',
  'assets',
  'gallery',
  'metrics',
]);

/** A request's route for the metrics: its first path segment when known, else `other`. */
/** Paths whose last segment is a credential: a mail's one-click unsubscribe link (`/unsubscribe/{token}`). */
const TOKEN_PATHS = /^(\/unsubscribe\/)[^/]+/;

/** A request's path as its log line holds it: no query (a query may carry a token), a path's token left out. */
export function loggedPath(url: string): string {
  return url.split('?')[0].replace(TOKEN_PATHS, '$1{token}');
}

function routeOf(url: string): string {
  const segment = url.split(/[/?]/)[1] ?? '';
  return ROUTES.has(segment) ? `/${segment}` : 'other';
}

/**
 * Notes the gallery a GraphQL request names in its variables (`code` or `eventCode`, as the web app sends them),
 * for the request's log lines. Runs after the body is parsed.
 */
export function noteGalleryCode(): Middleware {
  return (request: LoggedRequest, _response, next) => {
    const context = request.requestContext;
    const variables = (request.body as { variables?: Record<string, unknown> } | undefined)?.variables;
    const named = variables?.code ?? variables?.eventCode;
    if (context && typeof named === 'string') {
      const code = normalizeEventCode(named);
      if (isGalleryCode(code)) context.galleryCode = code;
    }
    next();
  };
}
