import { Module } from '@nestjs/common';
import { ChallengesResolver } from './challenges.resolver.js';
import { GalleryChallenges } from './gallery-challenges.js';

/** The couple's photo challenges. */
@Module({
  providers: [GalleryChallenges, ChallengesResolver],
})
export class ChallengesModule {}
