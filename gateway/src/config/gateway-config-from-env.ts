import { metricsPortFromEnv } from '@gallery/platform/observability';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { env, intEnv } from '@gallery/platform/edge';
import { webDevOriginsFromEnv } from '../http/dev-origins.js';
import { SHIPPED_SUPERGRAPH_FILE } from '../supergraph/shipped-supergraph.js';
import type { GatewayConfig, TrustProxy } from './gateway-config.js';

// dist/config/ and src/config/ both sit two levels below the gateway package.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export function gatewayConfigFromEnv(): GatewayConfig {
  return {
    port: intEnv('PORT', 5000),
    natsUrl: env('NATS_URL'),
    eventsUrl: env('EVENTS_URL', 'http://127.0.0.1:5101/graphql'),
    mediaUrl: env('MEDIA_URL', 'http://127.0.0.1:5102').replace(/\/+$/, ''),
    billingUrl: env('BILLING_URL', 'http://127.0.0.1:5103/graphql'),
    downloadUrl: env('DOWNLOAD_URL', 'http://127.0.0.1:5104/graphql'),
    backupUrl: env('BACKUP_URL', 'http://127.0.0.1:5105/graphql'),
    facesUrl: env('FACES_URL', 'http://127.0.0.1:5106/graphql'),
    webDist: env('WEB_DIST', DEFAULT_WEB_DIST),
    supergraphSdl: supergraphFromEnv(env('SUPERGRAPH', 'shipped')),
    production: env('NODE_ENV', 'development') === 'production',
    trustProxy: trustProxyFromEnv(env('TRUST_PROXY', 'false')),
    publicUrl: process.env.PUBLIC_URL || undefined,
    storagePublicUrl: process.env.STORAGE_PUBLIC_URL || undefined,
    analyticsOrigins: (process.env.ANALYTICS_ORIGINS ?? '').split(/[\s,]+/).filter(Boolean),
    webDevOrigins: webDevOriginsFromEnv(process.env.WEB_DEV_ORIGINS ?? ''),
    logRequests: true,
    metricsPort: metricsPortFromEnv(),
  };
}

/**
 * TRUST_PROXY: `false` (default), a number of proxy hops (`1` behind one load balancer), or what express's
 * `trust proxy` accepts as text (`loopback`, `10.0.0.0/8, 192.168.1.1`). `true` is refused: it would believe
 * any X-Forwarded-For a client writes, and every limit per client could be dodged.
 */
export function trustProxyFromEnv(raw: string): TrustProxy {
  const value = raw.trim();
  if (value === 'false' || value === '0') return false;
  if (value === 'true')
    throw new Error('TRUST_PROXY=true would trust any client; give a hop count or addresses');
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

/**
 * SUPERGRAPH: `shipped` (default), the supergraph composed by the build, so a gateway serves whatever subgraph is
 * down; or `composed`, composed from the running subgraphs at start and again when one changes (a developer
 * trying a subgraph's new schema without building the gateway again).
 */
export function supergraphFromEnv(mode: string, shippedFile = SHIPPED_SUPERGRAPH_FILE): string | undefined {
  if (mode === 'composed') return undefined;
  if (mode !== 'shipped') throw new Error(`SUPERGRAPH must be shipped or composed, not "${mode}"`);
  if (!existsSync(shippedFile)) {
    throw new Error(`SUPERGRAPH=shipped but ${shippedFile} is missing: build the gateway (npm run build)`);
  }
  return readFileSync(shippedFile, 'utf8');
}
