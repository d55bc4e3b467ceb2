import type { RequestHandler } from 'express';
import { checkHealth, type Check } from '@gallery/platform/edge';
import { subgraphFetch, type SubgraphResponse } from '../http/subgraph-fetch.js';

/** How long a subgraph's /health gets to answer before the gateway calls it down. */
const SUBGRAPH_HEALTH_TIMEOUT_MS = 1500;

/** GET /health: 200 when every check passes, else 503 naming what is missing. */
export function healthHandler(checks: Record<string, Check>): RequestHandler {
  return async (_req, res) => {
    const report = await checkHealth(checks);
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  };
}

/** A subgraph is up when its own /health says so: it answers only when its database and NATS do. */
export function subgraphHealth(healthUrl: string): Check {
  return async () => {
    let answer: SubgraphResponse;
    try {
      answer = await subgraphFetch(healthUrl, { signal: AbortSignal.timeout(SUBGRAPH_HEALTH_TIMEOUT_MS) });
    } catch {
      throw new Error('not answering');
    }
    await answer.body?.cancel();
    if (!answer.ok) throw new Error(`unhealthy (${answer.status})`);
  };
}
