import { readFile } from 'node:fs/promises';
import path from 'node:path';
import express, { Router, type RequestHandler } from 'express';
import { GraphQLError } from 'graphql';
import { API_LIMITS, isCustomDomainPage } from '@gallery/contracts';
import { parseWithinLimits } from '../limits/document-limits.js';
import type { CustomDomainHosts } from './custom-domain-hosts.js';
import { outsideGallery } from './gallery-scope.js';

/** The meta tag that tells the web app it is a couple's domain showing one gallery at its root. */
export const GALLERY_CODE_META = 'gallery-code';

export interface CustomDomainSiteOptions {
  hosts: CustomDomainHosts;
  webDist: string;
  /** The product's GraphQL handlers (body parser, Apollo); reached only by operations inside the gallery. */
  graphql: RequestHandler[];
  /** The photo link forwarder, for photos of the gallery only. */
  media(galleryCode: string): RequestHandler;
}

/**
 * A couple's verified domain shows their gallery and nothing else: the guest page at `/` and its "Find me" page
 * at `/find-me`, each in every language (`/fr`, `/es/find-me`: isCustomDomainPage), the app's assets, the
 * gallery's photo links and its GraphQL operations (see outsideGallery); every other page is the not-found page
 * with a 404, every other API path a 404. No Authorization header goes on from such a host: nothing an owner
 * can do is reachable through it. Requests for any other host go on to the product.
 */
export function customDomainSite(options: CustomDomainSiteOptions): RequestHandler {
  const root = path.resolve(options.webDist);
  const assets = express.static(root, {
    index: false,
    setHeaders(res, file) {
      const immutable = path.relative(root, file).startsWith(`assets${path.sep}`);
      res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  const jsonBody = express.json({ limit: API_LIMITS.bodyBytes });
  const graphql = Router();
  graphql.use(...options.graphql);

  async function page(res: express.Response, code: string, status: number): Promise<void> {
    const html = await readFile(path.join(root, 'index.html'), 'utf8');
    // The code is [A-Z0-9] only (events checked it): nothing in it can break out of the attribute.
    const marked = html.replace('<head>', `<head><meta name="${GALLERY_CODE_META}" content="${code}">`);
    res.status(status).set('Cache-Control', 'no-cache').type('html').send(marked);
  }

  return async (req, res, next) => {
    let code: string | null;
    try {
      code = await options.hosts.galleryOf(req.headers.host);
    } catch {
      res.status(503).set('Retry-After', '5').type('text/plain').send('Please try again in a moment.');
      return;
    }
    if (!code) {
      next();
      return;
    }
    const gallery = code;
    delete req.headers.authorization;
    const notFound = () => {
      if (req.method === 'GET' || req.method === 'HEAD') void page(res, gallery, 404).catch(next);
      else res.status(404).type('text/plain').send('Not found');
    };
    if (req.path === '/graphql') {
      if (req.method !== 'POST') return notFound();
      jsonBody(req, res, (error?: unknown) => {
        if (error) return next(error);
        const refusal = refusalOf(req.body, gallery);
        if (refusal) {
          res.status(403).json({ errors: [refusal.toJSON()] });
          return;
        }
        graphql(req, res, next);
      });
      return;
    }
    if (req.path.startsWith('/media/')) return options.media(gallery)(req, res, next);
    if (isCustomDomainPage(req.path) && (req.method === 'GET' || req.method === 'HEAD')) {
      void page(res, gallery, 200).catch(next);
      return;
    }
    // index.html only as the gallery's page above: served as a file it would be the product's app, unmarked.
    if (/^\/(graphql|media|health|api|webhooks)(\/|$)|^\/index\.html$/.test(req.path)) return notFound();
    assets(req, res, notFound);
  };
}

function refusalOf(body: unknown, code: string): GraphQLError | null {
  const { query, operationName, variables } = (body ?? {}) as {
    query?: unknown;
    operationName?: unknown;
    variables?: unknown;
  };
  if (Array.isArray(body) || typeof query !== 'string') {
    return new GraphQLError('A GraphQL operation is required.', { extensions: { code: 'BAD_REQUEST' } });
  }
  let document;
  try {
    document = parseWithinLimits(query);
  } catch (error) {
    return error instanceof GraphQLError ? error : new GraphQLError(String(error));
  }
  return outsideGallery(
    document,
    typeof operationName === 'string' ? operationName : null,
    variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : null,
    code,
  );
}
