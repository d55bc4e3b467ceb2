import type { INestApplication } from '@nestjs/common';
import { createServiceApp, type ServiceAppOptions } from '@gallery/platform';
import { AppModule } from './app.module.js';
import type { EventsConfig } from './config/events-config.js';

/** The events service, initialised but not listening, so main.ts and the integration tests boot the very same app. */
export function createApp(config: EventsConfig, options?: ServiceAppOptions): Promise<INestApplication> {
  return createServiceApp(AppModule.forRoot(config), options);
}
