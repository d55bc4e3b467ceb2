import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler } from 'express';
import { checkHealth, type Check } from '@gallery/platform/edge';
import { subgraphFetch, type SubgraphResponse } from '../http/subgraph-fetch.js';

/** How long a subgraph's /health gets to answer before the gateway calls it down. */
const SUBGRAPH_HEALTH_TIMEOUT_MS = 1500;

/**
 * GET /health/ready: 200 when this gateway can serve (NATS answers and it has a supergraph), else 503 naming what
 * is missing. A subgraph that is down costs its own fields only, never this gateway's place behind the load
 * balancer: the subgraphs are not asked.
 */
export function readinessHandler(checks: Record<string, Check>): RequestHandler {
  return async (_req, res) => {
    const report = await checkHealth(checks);
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  };
}

/**
 * GET /health, the operators' report: the gateway's own checks and every subgraph's health, 200 when all pass.
 * It says which services run, so it answers only a caller on this machine that reached the gateway directly
 * (`curl` in the pod, `kubectl port-forward`); everyone else, a proxy's relayed request included, gets `notFound`.
 */
export function operatorReportHandler(
  checks: Record<string, Check>,
  notFound: RequestHandler,
): RequestHandler {
  return async (req, res, next) => {
    if (!fromThisMachineDirectly(req)) return notFound(req, res, next);
    const report = await checkHealth(checks);
    res.status(report.status === 'ok' ? 200 : 503).json(report);
  };
}

/** Headers a proxy adds when it relays a request: such a request came from elsewhere, whatever its socket says. */
const RELAYED = ['forwarded', 'x-forwarded-for', 'x-real-ip'];

/**
 * Whether the request's own connection comes from the loopback interface and no proxy relayed it. The socket's
 * peer is read, never `req.ip`: with `trust proxy` that is the address a client wrote.
 */
export function fromThisMachineDirectly(request: IncomingMessage): boolean {
  if (RELAYED.some((header) => request.headers[header] !== undefined)) return false;
  return isLoopback(request.socket.remoteAddress ?? '');
}

function isLoopback(address: string): boolean {
  const plain = address.replace(/^::ffff:/i, '');
  if (isIP(plain) === 4) return plain.startsWith('127.');
  return plain === '::1';
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
