import type { INestApplication } from '@nestjs/common';
import { createServiceApp, type ServiceAppOptions } from '@gallery/platform';
import { AppModule } from './app.module.js';
import type { BackupConfig } from './config/backup-config.js';

/** The backup service, initialised (migrations run, consumer and worker started) but not listening. */
export function createApp(config: BackupConfig, options?: ServiceAppOptions): Promise<INestApplication> {
  return createServiceApp(AppModule.forRoot(config), options);
}
