import type { INestApplication } from '@nestjs/common';
import { createServiceApp, type ServiceAppOptions } from '@gallery/platform';
import { AppModule } from './app.module.js';
import type { DownloadConfig } from './config/download-config.js';

/** The download service, initialised (bucket ready, consumer started) but not listening: main.ts and tests listen. */
export function createApp(config: DownloadConfig, options?: ServiceAppOptions): Promise<INestApplication> {
  return createServiceApp(AppModule.forRoot(config), options);
}
