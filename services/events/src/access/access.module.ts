import { Module } from '@nestjs/common';
import { accessCheckProviders } from '@gallery/platform';
import { GalleriesModule } from '../galleries/galleries.module.js';
import { OwnersModule } from '../owners/owners.module.js';
import { LocalGuestAdmission } from '../pin/local-guest-admission.js';
import { PinModule } from '../pin/pin.module.js';
import { LocalOwnerAuthority } from './local-owner-authority.js';
import { OwnerAuthorizationResponder } from './owner-authorization.responder.js';

/**
 * Every operation's access check, ownership and the PIN decided here, where their credentials are; above
 * galleries, owners and pin because it joins all three.
 */
@Module({
  imports: [GalleriesModule, OwnersModule, PinModule],
  // Asked by billing, media and download before an owner-only operation.
  controllers: [OwnerAuthorizationResponder],
  providers: [...accessCheckProviders(LocalOwnerAuthority, LocalGuestAdmission)],
})
export class AccessModule {}
