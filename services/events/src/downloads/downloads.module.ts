import { Module } from '@nestjs/common';
import { OwnersModule } from '../owners/owners.module.js';
import { DownloadPermissionResponder } from './download-permission.responder.js';
import { GuestDownloadsResolver } from './guest-downloads.resolver.js';

/** What Download All needs from events: the guest setting and the answer to "may this caller download?". */
@Module({
  imports: [OwnersModule],
  controllers: [DownloadPermissionResponder],
  providers: [GuestDownloadsResolver],
})
export class DownloadsModule {}
