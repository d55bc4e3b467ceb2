import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { OwnerOnly, VerifiedOwner, type VerifiedGalleryOwner } from '@gallery/platform';
import { EventModel } from '../galleries/event.model.js';
import { ChallengePromptInput, ChallengePromptModel } from './challenge.model.js';
import { GalleryChallenges } from './gallery-challenges.js';

/** The couple's photo challenges: read by anyone with the code, written by the owner only. */
@Resolver(() => EventModel)
export class ChallengesResolver {
  constructor(@Inject(GalleryChallenges) private readonly challenges: GalleryChallenges) {}

  @ResolveField(() => [ChallengePromptModel], {
    description: "The gallery's photo challenges as the couple wrote them, in their order",
  })
  challengePrompts(@Parent() event: EventModel): Promise<ChallengePromptModel[]> {
    return this.challenges.list(event.code);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => [ChallengePromptModel], {
    description:
      'Owner only: replaces the photo challenges (at most 30, each at most 80 characters); ids keep their photos',
  })
  setChallenges(
    @Args('eventCode') _eventCode: string,
    @Args('challenges', { type: () => [ChallengePromptInput] }) challenges: ChallengePromptInput[],
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<ChallengePromptModel[]> {
    return this.challenges.replace(code, challenges);
  }
}
