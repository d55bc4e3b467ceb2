import { Module } from '@nestjs/common';
import { BackupsModule } from '../backups/backups.module.js';
import { OAuthCallbackController } from './oauth-callback.controller.js';

/** Where a drive's OAuth consent sends the couple back, to start the backup it allowed. */
@Module({
  imports: [BackupsModule],
  controllers: [OAuthCallbackController],
})
export class OAuthModule {}
