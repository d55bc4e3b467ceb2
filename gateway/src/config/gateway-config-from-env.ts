import { fileURLToPath } from 'node:url';
import { env, intEnv } from '@gallery/platform';
import type { GatewayConfig } from './gateway-config.js';

// dist/config/ and src/config/ both sit two levels below the gateway package.
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

export function gatewayConfigFromEnv(): GatewayConfig {
  return {
    port: intEnv('PORT', 5000),
    natsUrl: env('NATS_URL'),
    eventsUrl: env('EVENTS_URL', 'http://127.0.0.1:5101/graphql'),
    mediaUrl: env('MEDIA_URL', 'http://127.0.0.1:5102').replace(/\/+$/, ''),
    webDist: env('WEB_DIST', DEFAULT_WEB_DIST),
    production: env('NODE_ENV', 'development') === 'production',
  };
}
