import { Inject } from '@nestjs/common';
import { Args, Context, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { normalizeEventCode, wallPath } from '@gallery/contracts';
import {
  AppError,
  OwnerOnly,
  Public,
  RateLimits,
  VerifiedOwner,
  type VerifiedGalleryOwner,
  type GraphQLRequestContext,
} from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { EventModel } from '../galleries/event.model.js';
import { WallLinks } from './wall-links.js';
import { WallLinkModel, WallModel } from './wall.model.js';

/** A key is 24 characters; anything much longer is not one and is refused before any lookup. */
const MAX_KEY_CHARS = 64;

/** The slideshow wall: opened with a key the couple made (Public: the key is checked here), set up by the couple. */
@Resolver(() => EventModel)
export class WallResolver {
  constructor(
    @Inject(WallLinks) private readonly links: WallLinks,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(EventsConfig) private readonly config: EventsConfig,
  ) {}

  @Public()
  @Query(() => WallModel, {
    description:
      "The wall a wall link opens. WALL_LINK_INVALID for a key that is not one of the gallery's links",
  })
  async wall(
    @Args('code') code: string,
    @Args('key') key: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<WallModel> {
    const opened = key.length <= MAX_KEY_CHARS ? await this.links.open(normalizeEventCode(code), key) : null;
    if (opened) return Object.assign(new WallModel(), opened);
    await this.rateLimits.consume('wallKeyAttempts', context.client);
    throw new AppError('WALL_LINK_INVALID');
  }

  @OwnerOnly('eventCode')
  @Mutation(() => WallLinkModel, { description: 'Owner only: a new link that opens the wall on a screen' })
  async createWallLink(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<WallLinkModel> {
    const { key, language } = await this.links.create(code);
    return Object.assign(new WallLinkModel(), {
      url: `${this.config.publicUrl}${wallPath(code, language)}#key=${key}`,
    });
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Boolean, { description: 'Owner only: closes every wall link of the gallery' })
  async resetWallLinks(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<boolean> {
    await this.links.reset(code);
    return true;
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Int, {
    description: 'Owner only: how long each photo stays on the wall (one of the offered times)',
  })
  async setWallInterval(
    @Args('eventCode') _eventCode: string,
    @Args('seconds', { type: () => Int }) seconds: number,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<number> {
    await this.links.setInterval(code, seconds);
    return seconds;
  }

  @ResolveField(() => Int, { description: 'How long each photo stays on the slideshow wall' })
  async wallIntervalSeconds(@Parent() event: EventModel): Promise<number> {
    return this.links.interval(event.code);
  }
}
