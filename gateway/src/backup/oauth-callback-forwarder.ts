import type { RequestHandler } from 'express';
import { subgraphFetch } from '../http/subgraph-fetch.js';

/**
 * GET /backup/oauth/<drive>/callback, where Google or Dropbox sends the couple back after they sign in: passed to
 * the backup service with its query (the code and state), and the service's redirect to the event page passed
 * back as it is. The code never stays here.
 */
export function forwardBackupOAuthCallback(backupOrigin: string): RequestHandler {
  const origin = backupOrigin.replace(/\/+$/, '');
  return async (req, res) => {
    const drive = String(req.params.drive ?? '');
    const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
    try {
      const answer = await subgraphFetch(
        `${origin}/backup/oauth/${encodeURIComponent(drive)}/callback${query}`,
        { redirect: 'manual', signal: AbortSignal.timeout(30_000) },
      );
      const location = answer.headers.get('location');
      if (location && answer.status >= 300 && answer.status < 400) {
        res.redirect(303, location);
        return;
      }
      res.status(answer.status).type(answer.headers.get('content-type') ?? 'application/json');
      res.send(Buffer.from(await answer.arrayBuffer()));
    } catch {
      res.status(502).json({ error: 'the backup service is not answering' });
    }
  };
}
