import { Module } from '@nestjs/common';
import { StorageModule } from '../storage/storage.module.js';
import { VideosModule } from '../videos/videos.module.js';
import { GuestCopies } from './guest-copies.js';
import { GuestCopyResponder } from './guest-copy.responder.js';
import { GuestCopySweep } from './guest-copy.sweep.js';
import { MetadataStripper } from './metadata-stripper.js';
import { PendingGuestCopies } from './pending-guest-copies.js';

/** The copy of each original that guests get: its location and other metadata stripped with exiftool. */
@Module({
  imports: [StorageModule, VideosModule],
  controllers: [GuestCopyResponder],
  providers: [
    // exiftool must be on the machine: the service refuses to start without it, saying what to install.
    { provide: MetadataStripper, useFactory: () => MetadataStripper.locate() },
    GuestCopies,
    PendingGuestCopies,
    GuestCopySweep,
  ],
  exports: [GuestCopies, PendingGuestCopies],
})
export class GuestCopiesModule {}
