import { Module } from '@nestjs/common';
import { accessCheckProviders } from '@gallery/platform';
import { LocalOwnerAuthority } from '../owners/local-owner-authority.js';
import { OwnerAuthorizationResponder } from '../owners/owner-authorization.responder.js';
import { OwnersModule } from '../owners/owners.module.js';
import { GalleriesRepository } from './galleries.repository.js';
import { GalleriesResolver } from './galleries.resolver.js';
import { GalleriesService } from './galleries.service.js';
import { GalleryCodes } from './gallery-codes.js';
import { GalleryLookups } from './gallery-lookups.js';
import { GalleryLookupResponder } from './gallery-lookup.responder.js';
import { GalleryStateResponder } from './gallery-state.responder.js';
import { GalleryActivity } from '../analytics/gallery-activity.js';
import { GalleryActivityResolver } from '../analytics/gallery-activity.resolver.js';
import { GalleryPurge } from './gallery-purge.js';
import { GalleryPins } from '../pin/gallery-pins.js';
import { GalleryPinResolver } from '../pin/gallery-pin.resolver.js';
import { GuestAdmissionResponder } from '../pin/guest-admission.responder.js';
import { LocalGuestAdmission } from '../pin/local-guest-admission.js';
import { GalleryEndings } from './gallery-endings.js';
import { OwnerGalleriesResolver } from './owner-galleries.resolver.js';

@Module({
  imports: [OwnersModule],
  // The requests other services ask about galleries, their owners and their PINs.
  controllers: [
    GalleryLookupResponder,
    GalleryStateResponder,
    OwnerAuthorizationResponder,
    GuestAdmissionResponder,
  ],
  providers: [
    GalleriesRepository,
    GalleryCodes,
    GalleriesService,
    GalleryLookups,
    GalleriesResolver,
    // Every operation's access check; ownership and the PIN decided here, where their credentials are.
    ...accessCheckProviders(LocalOwnerAuthority, LocalGuestAdmission),
    GalleryPins,
    GalleryPinResolver,
    GalleryPurge,
    GalleryEndings,
    OwnerGalleriesResolver,
    GalleryActivity,
    GalleryActivityResolver,
  ],
  exports: [GalleriesRepository],
})
export class GalleriesModule {}
