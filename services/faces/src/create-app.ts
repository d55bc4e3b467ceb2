import type { INestApplication } from '@nestjs/common';
import { createServiceApp, type ServiceAppOptions } from '@gallery/platform';
import { AppModule } from './app.module.js';
import type { FacesConfig } from './config/faces-config.js';

/** The faces service, initialised (consumer and indexer started) but not listening: main.ts and tests listen. */
export function createApp(config: FacesConfig, options?: ServiceAppOptions): Promise<INestApplication> {
  return createServiceApp(AppModule.forRoot(config), options);
}
