import { Inject } from '@nestjs/common';
import { Args, Mutation, Query, Resolver, ResolveReference } from '@nestjs/graphql';
import { CreateGalleryInput } from './create-gallery.input.js';
import { CreatedGalleryModel } from './created-gallery.model.js';
import { EventModel } from './event.model.js';
import { GalleriesService } from './galleries.service.js';

@Resolver(() => EventModel)
export class GalleriesResolver {
  constructor(@Inject(GalleriesService) private readonly galleries: GalleriesService) {}

  @Query(() => EventModel, { nullable: true, description: 'Null when no gallery has this code' })
  async event(@Args('code') code: string): Promise<EventModel | null> {
    const found = await this.galleries.findByCode(code);
    return found && EventModel.fromEntity(found);
  }

  @Mutation(() => CreatedGalleryModel, {
    description: 'VALIDATION_FAILED errors carry extensions.fields: { field: messageKey }',
  })
  async createGallery(@Args('input') input: CreateGalleryInput): Promise<CreatedGalleryModel> {
    const created = await this.galleries.createGallery(input);
    return { ...created, event: EventModel.fromEntity(created.event) };
  }

  /** How the gateway fetches the gallery fields of an Event another subgraph returned. */
  @ResolveReference()
  async resolveReference(reference: { code: string }): Promise<EventModel | null> {
    const found = await this.galleries.findByCode(reference.code);
    return found && EventModel.fromEntity(found);
  }
}
