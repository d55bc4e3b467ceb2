import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import type { RequestHandler } from 'express';
import { subgraphFetch, type SubgraphResponse } from '../http/subgraph-fetch.js';

/** Request headers that change what the media service answers. */
const FORWARDED_REQUEST_HEADERS = ['authorization', 'accept', 'if-none-match', 'if-modified-since', 'range'];

/** The gallery a photo link must belong to, sent by the gateway for requests on a couple's domain. */
export const GALLERY_SCOPE_HEADER = 'x-gallery-scope';

/** Response headers the browser needs: the redirect target, caching and what the body is. */
const FORWARDED_RESPONSE_HEADERS = [
  'location',
  'cache-control',
  'expires',
  'etag',
  'last-modified',
  'vary',
  'content-type',
  'content-length',
  'content-range',
  'accept-ranges',
  'content-disposition',
];

/**
 * The only URLs the gateway forwards to the media service: a photo's stable links. Matched on the raw path,
 * before any decoding, so no dot segment or encoded slash can reach the media service's other routes.
 */
const PHOTO_URL =
  /^\/media\/photos\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/(thumbnail|preview|original)(?:\?.*)?$/i;

/** A photo's pass (an HMAC, base64url), the one query parameter forwarded: see PhotoPresenter in media. */
const PHOTO_PASS = /[?&]pass=([A-Za-z0-9_-]{43})(?:&|$)/;

/**
 * Forwards a photo link (GET or HEAD /media/photos/{uuid}/{thumbnail|preview|original}) to the media service;
 * any other path under /media is a 404 that never reaches it. The answer is usually a 302 to a short-lived
 * presigned object URL: the browser must follow that itself, so redirects are passed through, never followed.
 * With `galleryCode` (a couple's domain) a photo of any other gallery is a 404.
 */
export function forwardMedia(mediaUrl: string, galleryCode?: string): RequestHandler {
  const origin = mediaUrl.replace(/\/+$/, '');
  return async (req, res) => {
    const photo = PHOTO_URL.exec(req.originalUrl);
    if (!photo) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
      return;
    }
    const headers: Record<string, string> = {};
    for (const name of FORWARDED_REQUEST_HEADERS) {
      const value = req.headers[name];
      if (typeof value === 'string') headers[name] = value;
    }
    // On a couple's domain only that gallery's photos are answered (the media service compares).
    if (galleryCode) headers[GALLERY_SCOPE_HEADER] = galleryCode;
    const abort = new AbortController();
    res.on('close', () => abort.abort());

    let answer: SubgraphResponse;
    try {
      // Rebuilt from what was matched: nothing of the client's URL but the photo id, variant and pass goes on.
      const pass = PHOTO_PASS.exec(req.originalUrl)?.[1];
      const query = pass ? `?pass=${pass}` : '';
      answer = await subgraphFetch(`${origin}/media/photos/${photo[1]}/${photo[2]}${query}`, {
        method: req.method,
        headers,
        redirect: 'manual',
        signal: abort.signal,
      });
    } catch {
      if (!res.headersSent && !abort.signal.aborted) {
        res.status(502).type('text/plain').send('The media service is not answering. Please try again.');
      }
      return;
    }

    res.status(answer.status);
    for (const name of FORWARDED_RESPONSE_HEADERS) {
      const value = answer.headers.get(name);
      if (value !== null) res.setHeader(name, value);
    }
    if (!answer.body || req.method === 'HEAD') {
      await answer.body?.cancel();
      res.end();
      return;
    }
    Readable.fromWeb(answer.body as ReadableStream<Uint8Array>)
      .on('error', () => res.destroy())
      .pipe(res);
  };
}
