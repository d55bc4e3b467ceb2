import { Module, type DynamicModule } from '@nestjs/common';
import {
  EXTRA_HEALTH_CHECKS,
  RemoteOwnerAuthority,
  ServiceModule,
  type ExtraHealthChecks,
} from '@gallery/platform';
import { FacesConfig } from './config/faces-config.js';
import { facesMigrations } from './database/migrations.js';
import { FacesModule } from './faces/faces.module.js';
import { PreviewReader } from './faces/preview-reader.js';

@Module({})
export class AppModule {
  static forRoot(config: FacesConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceModule.forRoot({
          natsClientName: 'faces',
          config,
          entities: [],
          migrations: facesMigrations,
          // Ownership and PIN admission asked of events.
          access: { owners: RemoteOwnerAuthority },
          // Searches are counted per guest identity, signed with media's key.
          guestIdentities: true,
          imports: [FacesModule],
          // The media bucket answering is part of the service's readiness.
          providers: [
            {
              provide: EXTRA_HEALTH_CHECKS,
              inject: [PreviewReader],
              useFactory: (previews: PreviewReader): ExtraHealthChecks => ({
                storage: previews.healthCheck(),
              }),
            },
          ],
          exports: [EXTRA_HEALTH_CHECKS],
        }),
      ],
    };
  }
}
