import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import { GuestOf, type GraphQLRequestContext } from '@gallery/platform';
import { HeartsService, MAX_HEARTED_IDS } from './hearts.service.js';
import { PhotoHeartModel } from './photo-heart.model.js';

@Resolver()
export class HeartsResolver {
  constructor(@Inject(HeartsService) private readonly hearts: HeartsService) {}

  @GuestOf('eventCode')
  @Mutation(() => PhotoHeartModel, {
    description:
      "Gives (hearted: true) or takes back the guest's heart on a photo, one per guest identity (X-Guest-Identity) " +
      'and photo; setting it as it is changes nothing. Open screens get the new count within a second ' +
      '(heartCountsChanged). GUEST_IDENTITY_REQUIRED, PHOTO_NOT_FOUND (also for a photo this caller does not see), RATE_LIMITED',
  })
  setHeart(
    @Context() context: GraphQLRequestContext,
    @Args('eventCode') eventCode: string,
    @Args('photoId', { type: () => ID }) photoId: string,
    @Args('hearted') hearted: boolean,
  ): Promise<PhotoHeartModel> {
    return this.hearts.set(eventCode, photoId, hearted, context);
  }

  @GuestOf('eventCode')
  @Query(() => [ID], {
    description: `The ids of the gallery's photos this guest (X-Guest-Identity) has hearted, newest heart first, at most ${MAX_HEARTED_IDS}; none without an identity`,
  })
  myHeartedPhotoIds(
    @Context() context: GraphQLRequestContext,
    @Args('eventCode') eventCode: string,
  ): Promise<string[]> {
    return this.hearts.heartedBy(eventCode, context.guestIdentity);
  }
}
