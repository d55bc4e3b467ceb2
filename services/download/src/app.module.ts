import { Module, type DynamicModule } from '@nestjs/common';
import {
  EXTRA_HEALTH_CHECKS,
  KnownPinGuestAdmission,
  RemoteOwnerAuthority,
  ServiceModule,
  type ExtraHealthChecks,
} from '@gallery/platform';
import { ArchiveJobEntity } from './archives/archive-job.entity.js';
import { ArchiveStorage } from './archives/archive-storage.js';
import { ArchivesModule } from './archives/archives.module.js';
import { ServiceRequests } from './archives/service-requests.js';
import { DownloadConfig } from './config/download-config.js';
import { downloadMigrations } from './database/migrations.js';
import { GalleriesModule } from './galleries/galleries.module.js';

@Module({})
export class AppModule {
  static forRoot(config: DownloadConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceModule.forRoot({
          natsClientName: 'download',
          config,
          entities: [ArchiveJobEntity],
          migrations: downloadMigrations,
          // Ownership asked of events; a PIN only when the gallery has one (the galleries module knows which).
          access: { owners: RemoteOwnerAuthority, guests: KnownPinGuestAdmission },
          // Guests' zip requests are counted by their signed identity: the key is the one media signs them with.
          guestIdentities: true,
          providers: [
            {
              provide: ArchiveStorage,
              useFactory: async () => {
                const storage = ArchiveStorage.fromConfig(config.storage);
                await storage.prepare();
                return storage;
              },
            },
            {
              provide: EXTRA_HEALTH_CHECKS,
              inject: [ArchiveStorage],
              useFactory: (storage: ArchiveStorage): ExtraHealthChecks => ({
                storage: storage.healthCheck(),
              }),
            },
            ServiceRequests,
          ],
          exports: [ArchiveStorage, EXTRA_HEALTH_CHECKS, ServiceRequests],
          imports: [ArchivesModule, GalleriesModule],
        }),
      ],
    };
  }
}
