import type { INestApplication } from '@nestjs/common';
import { createServiceApp, type ServiceAppOptions } from '@gallery/platform';
import { AppModule } from './app.module.js';
import type { MediaConfig } from './config/media-config.js';

/** The media service, initialised (bucket ready, consumer started) but not listening: main.ts and tests listen. */
export function createApp(config: MediaConfig, options?: ServiceAppOptions): Promise<INestApplication> {
  return createServiceApp(AppModule.forRoot(config), options);
}
