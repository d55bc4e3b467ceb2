import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { logger } from './logger.js';
import { metricsRegistry } from './metrics.js';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * METRICS_PORT as a port number, or undefined when unset (no metrics server). A value that is no port is refused
 * at start.
 */
export function metricsPortFromEnv(value = process.env.METRICS_PORT): number | undefined {
  if (value === undefined || value === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`METRICS_PORT must be a port number (0-65535), got "${value}"`);
  }
  return port;
}

/**
 * Serves GET /metrics (Prometheus text format) on its own port, apart from the product's: the public edge
 * forwards only the gateway's product port, so the metrics are for whoever reaches the pod (Prometheus).
 */
export async function startMetricsServer(port: number, host?: string): Promise<MetricsServer> {
  const server: Server = createServer((request, response) => {
    if (request.method !== 'GET' || request.url?.split('?')[0] !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: metrics are at /metrics\n');
      return;
    }
    metricsRegistry.metrics().then(
      (text) => response.writeHead(200, { 'content-type': metricsRegistry.contentType }).end(text),
      (error: unknown) => {
        logger.error({ err: error }, 'metrics could not be collected');
        response.writeHead(500, { 'content-type': 'text/plain' }).end('metrics could not be collected\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  logger.info(`metrics on ${host ?? '*'}:${(server.address() as AddressInfo).port}/metrics`);
  return {
    port: (server.address() as AddressInfo).port,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
