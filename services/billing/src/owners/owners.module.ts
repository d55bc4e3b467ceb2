import { Module } from '@nestjs/common';
import { SessionOwner } from './session-owner.js';

/** Who a signed-in couple is, asked of events. */
@Module({
  providers: [SessionOwner],
  exports: [SessionOwner],
})
export class OwnersModule {}
