import { existsSync } from 'node:fs';
import path from 'node:path';
import express, { Router } from 'express';

/** Paths the gateway answers itself; the web app's client-side routes never start with them. */
const NOT_THE_APP = /^\/(graphql|media|health|api)(\/|$)/;

const NOT_BUILT = 'web app not built: run npm run build';

/**
 * The built web app. Vite puts content-hashed files under /assets, so they are cached for good; every other
 * page request gets index.html, never cached, and the app routes in the browser (/gallery/CODE and so on).
 */
export function serveWebApp(webDist: string): Router {
  const root = path.resolve(webDist);
  const indexHtml = path.join(root, 'index.html');
  const router = Router();

  router.use(
    express.static(root, {
      index: false,
      setHeaders(res, file) {
        const immutable = path.relative(root, file).startsWith(`assets${path.sep}`);
        res.setHeader('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );

  router.use((req, res, next) => {
    // A browser asks for text/html; anything else asking for a path without a file extension (curl, a link
    // checker) gets the page too. A missing /assets/x.js stays a 404, never an HTML page.
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      ((req.headers.accept ?? '').includes('text/html') || !path.extname(req.path));
    if (!wantsPage || NOT_THE_APP.test(req.path)) {
      next();
      return;
    }
    // Checked per request: the web app may be built while the gateway runs.
    if (!existsSync(indexHtml)) {
      res.status(503).type('text/plain').send(NOT_BUILT);
      return;
    }
    res.setHeader('Cache-Control', 'no-cache');
    res.sendFile(indexHtml);
  });

  return router;
}
