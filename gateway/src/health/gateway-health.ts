import type { RequestHandler } from 'express';
import { checkHealth, type Check } from '@gallery/platform';

/** GET /health: 200 when every check passes, else 503 naming what is missing. */
export function healthHandler(checks: Record<string, Check>): RequestHandler {
  return async (_req, res) => {
    const report = await checkHealth(checks);
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  };
}
