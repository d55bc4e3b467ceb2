import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver } from '@nestjs/graphql';
import { normalizeEventCode } from '@gallery/contracts';
import { GuestOf, OwnerOnly, type GraphQLRequestContext } from '@gallery/platform';
import { FindMeResultModel, FindMeSettingsModel } from './find-me.models.js';
import { FindMeService } from './find-me.service.js';

@Resolver()
export class FindMeResolver {
  constructor(@Inject(FindMeService) private readonly service: FindMeService) {}

  @OwnerOnly('eventCode')
  @Query(() => FindMeSettingsModel, {
    description: '"Find me" of the gallery: on or off, and how far indexing is',
  })
  findMeSettings(@Args('eventCode') eventCode: string): Promise<FindMeSettingsModel> {
    return this.service.settings(normalizeEventCode(eventCode));
  }

  @OwnerOnly('eventCode')
  @Mutation(() => FindMeSettingsModel, {
    description:
      'Turns "Find me" on (the gallery\'s photos so far are looked at for faces, and new ones as they come) or off (every face record of the gallery is deleted at once)',
  })
  setFindMe(@Args('eventCode') eventCode: string, @Args('on') on: boolean): Promise<FindMeSettingsModel> {
    return this.service.turn(normalizeEventCode(eventCode), on);
  }

  @GuestOf('eventCode')
  @Query(() => Boolean, {
    description: 'Whether the couple turned "Find me" on: guests may look for themselves',
  })
  findMeAvailable(@Args('eventCode') eventCode: string): Promise<boolean> {
    return this.service.isOn(normalizeEventCode(eventCode));
  }

  @GuestOf('eventCode')
  @Mutation(() => FindMeResultModel, {
    description:
      "A guest looks for the photos they are in with a selfie (base64 JPEG or PNG, at most FIND_ME_LIMITS.selfieBytes), used for this search only and never stored. Only photos the gallery's privacy settings let the caller see. FIND_ME_OFF, SELFIE_TOO_LARGE, SELFIE_UNREADABLE, NO_FACE_FOUND, RATE_LIMITED",
  })
  findMe(
    @Args('eventCode') eventCode: string,
    @Args('selfie') selfie: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<FindMeResultModel> {
    return this.service.search(normalizeEventCode(eventCode), selfie, context);
  }
}
