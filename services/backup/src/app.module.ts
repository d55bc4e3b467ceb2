import { Module, type DynamicModule } from '@nestjs/common';
import {
  EXTRA_HEALTH_CHECKS,
  RemoteOwnerAuthority,
  ServiceModule,
  type ExtraHealthChecks,
} from '@gallery/platform';
import { BackupsModule } from './backups/backups.module.js';
import { OriginalsStorage } from './backups/originals-storage.js';
import { ServiceRequests } from './backups/service-requests.js';
import { BackupConfig } from './config/backup-config.js';
import { backupMigrations } from './database/migrations.js';
import { DestinationsModule } from './destinations/destinations.module.js';
import { OAuthModule } from './oauth/oauth.module.js';

@Module({})
export class AppModule {
  static forRoot(config: BackupConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceModule.forRoot({
          natsClientName: 'backup',
          config,
          entities: [],
          migrations: backupMigrations,
          // Ownership asked of events.
          access: { owners: RemoteOwnerAuthority },
          providers: [
            { provide: OriginalsStorage, useFactory: () => OriginalsStorage.fromConfig(config.storage) },
            {
              provide: EXTRA_HEALTH_CHECKS,
              inject: [OriginalsStorage],
              useFactory: (storage: OriginalsStorage): ExtraHealthChecks => ({
                storage: storage.healthCheck(),
              }),
            },
            ServiceRequests,
          ],
          exports: [OriginalsStorage, EXTRA_HEALTH_CHECKS, ServiceRequests],
          imports: [BackupsModule, DestinationsModule, OAuthModule],
        }),
      ],
    };
  }
}
