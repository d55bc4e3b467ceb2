import { env, intEnv } from '@gallery/platform';
import type { EventsConfig } from './events-config.js';

export function eventsConfigFromEnv(): EventsConfig {
  return Object.freeze({
    host: env('HOST', '127.0.0.1'),
    port: intEnv('PORT', 5101),
    databaseUrl: env('DATABASE_URL'),
    natsUrl: env('NATS_URL'),
    publicUrl: env('PUBLIC_URL', 'http://localhost:5000').replace(/\/+$/, ''),
  });
}
