import { Module } from '@nestjs/common';
import { GuestIdentityResolver } from './guest-identity.resolver.js';

/** The signed identity a guest's browser keeps, issued on its first visit. */
@Module({
  providers: [GuestIdentityResolver],
})
export class GuestsModule {}
