import { Module } from '@nestjs/common';
import { OwnerSessionResolver } from './owner-session.resolver.js';
import { OwnerSessions } from './owner-sessions.js';
import { OwnerTokens } from './owner-tokens.js';
import { OwnerTokensRepository } from './owner-tokens.repository.js';
import { SessionOwnerResponder } from './session-owner.responder.js';

@Module({
  controllers: [SessionOwnerResponder],
  providers: [OwnerTokensRepository, OwnerTokens, OwnerSessions, OwnerSessionResolver],
  exports: [OwnerTokens, OwnerSessions],
})
export class OwnersModule {}
