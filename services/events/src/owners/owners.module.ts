import { Module } from '@nestjs/common';
import { EventOwnerResolver } from './event-owner.resolver.js';
import { OwnerTokens } from './owner-tokens.js';
import { OwnerTokensRepository } from './owner-tokens.repository.js';

@Module({
  providers: [OwnerTokensRepository, OwnerTokens, EventOwnerResolver],
  exports: [OwnerTokens],
})
export class OwnersModule {}
