import { Inject } from '@nestjs/common';
import { Args, Context, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { normalizeEventCode, wallPath } from '@gallery/contracts';
import { AppError, RateLimits } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { EventModel } from '../galleries/event.model.js';
import type { GraphQLRequestContext } from '../graphql/graphql-request-context.js';
import { BearerToken } from '../owners/bearer-token.decorator.js';
import { OwnerTokens } from '../owners/owner-tokens.js';
import { WallLinks } from './wall-links.js';
import { WallLinkModel, WallModel } from './wall.model.js';

/** A key is 24 characters; anything much longer is not one and is refused before any lookup. */
const MAX_KEY_CHARS = 64;

/** The slideshow wall: opened with a key the couple made, set up by the couple only. */
@Resolver(() => EventModel)
export class WallResolver {
  constructor(
    @Inject(WallLinks) private readonly links: WallLinks,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(EventsConfig) private readonly config: EventsConfig,
  ) {}

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

  @Mutation(() => WallLinkModel, { description: 'Owner only: a new link that opens the wall on a screen' })
  async createWallLink(
    @Args('eventCode') eventCode: string,
    @BearerToken() token: string | null,
  ): Promise<WallLinkModel> {
    const code = await this.requireOwner(eventCode, token);
    const { key, language } = await this.links.create(code);
    return Object.assign(new WallLinkModel(), {
      url: `${this.config.publicUrl}${wallPath(code, language)}#key=${key}`,
    });
  }

  @Mutation(() => Boolean, { description: 'Owner only: closes every wall link of the gallery' })
  async resetWallLinks(
    @Args('eventCode') eventCode: string,
    @BearerToken() token: string | null,
  ): Promise<boolean> {
    await this.links.reset(await this.requireOwner(eventCode, token));
    return true;
  }

  @Mutation(() => Int, {
    description: 'Owner only: how long each photo stays on the wall (one of the offered times)',
  })
  async setWallInterval(
    @Args('eventCode') eventCode: string,
    @Args('seconds', { type: () => Int }) seconds: number,
    @BearerToken() token: string | null,
  ): Promise<number> {
    const code = await this.requireOwner(eventCode, token);
    await this.links.setInterval(code, seconds);
    return seconds;
  }

  @ResolveField(() => Int, { description: 'How long each photo stays on the slideshow wall' })
  async wallIntervalSeconds(@Parent() event: EventModel): Promise<number> {
    return this.links.interval(event.code);
  }

  private async requireOwner(eventCode: string, token: string | null): Promise<string> {
    if (!token) throw new AppError('UNAUTHENTICATED');
    const code = normalizeEventCode(eventCode);
    if (!(await this.ownerTokens.verify(code, token))) throw new AppError('NOT_GALLERY_OWNER');
    return code;
  }
}
