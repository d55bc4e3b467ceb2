import { Module } from '@nestjs/common';
import { ChallengeRepository } from './challenge.repository.js';

/** The gallery's photo challenges, as events announces them, and the photos that answer each. */
@Module({
  providers: [ChallengeRepository],
  exports: [ChallengeRepository],
})
export class ChallengesModule {}
