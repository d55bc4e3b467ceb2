import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { GuestOf, Public, RateLimits, type GraphQLRequestContext } from '@gallery/platform';
import { OwnerSessions } from '../owners/owner-sessions.js';
import { CreateGalleryInput } from './create-gallery.input.js';
import { CreatedGalleryModel } from './created-gallery.model.js';
import { EventModel } from './event.model.js';
import { GalleriesService } from './galleries.service.js';
import { GalleryLookups } from './gallery-lookups.js';

@Resolver(() => EventModel)
export class GalleriesResolver {
  constructor(
    @Inject(GalleriesService) private readonly galleries: GalleriesService,
    @Inject(GalleryLookups) private readonly lookups: GalleryLookups,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(OwnerSessions) private readonly sessions: OwnerSessions,
  ) {}

  @GuestOf('code')
  @Query(() => EventModel, {
    nullable: true,
    description: 'Null when no gallery has this code; RATE_LIMITED after too many unknown codes',
  })
  async event(
    @Args('code') code: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<EventModel | null> {
    const found = await this.lookups.find(code, context);
    return found && EventModel.fromEntity(found);
  }

  @Public()
  @Mutation(() => CreatedGalleryModel, {
    description: 'VALIDATION_FAILED errors carry extensions.fields: { field: messageKey }',
  })
  async createGallery(
    @Args('input') input: CreateGalleryInput,
    @Context() context: GraphQLRequestContext,
  ): Promise<CreatedGalleryModel> {
    await this.rateLimits.consume('galleryCreations', context.client);
    const created = await this.galleries.createGallery(input);
    const session = await this.sessions.open(created.email);
    return { ...created, sessionToken: session.token, event: EventModel.fromEntity(created.event) };
  }

  /**
   * How the gateway fetches the gallery fields of an Event another subgraph returned. Federation calls it with
   * the context second; a code that names no gallery is counted as any other unknown lookup.
   */
  @ResolveReference()
  async resolveReference(
    reference: { code: string },
    context: GraphQLRequestContext,
  ): Promise<EventModel | null> {
    const found = await this.lookups.find(reference.code, context);
    return found && EventModel.fromEntity(found);
  }
}
