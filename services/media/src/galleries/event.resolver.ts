import { Inject } from '@nestjs/common';
import { Args, ID, Int, Parent, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { ChallengeModel } from '../challenges/challenge.model.js';
import { ChallengeRepository } from '../challenges/challenge.repository.js';
import { PhotoOrder } from '../photos/photo-order.enum.js';
import { PhotoPageModel } from '../photos/photo-page.model.js';
import { PhotosService } from '../photos/photos.service.js';
import { EventModel } from './event.model.js';
import { GalleryRepository } from './gallery.repository.js';

/** The photo fields this subgraph adds to the events subgraph's Event. */
@Resolver(() => EventModel)
export class EventResolver {
  constructor(
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(PhotosService) private readonly photoPages: PhotosService,
    @Inject(ChallengeRepository) private readonly challengeList: ChallengeRepository,
  ) {}

  @ResolveReference()
  resolveReference(reference: { code: string }): EventModel {
    return { code: reference.code };
  }

  /** Zero until the read model has heard of the gallery, which is what it holds then. */
  @ResolveField(() => Int)
  async photoCount(@Parent() event: EventModel): Promise<number> {
    return (await this.galleries.find(event.code))?.photoCount ?? 0;
  }

  @ResolveField(() => PhotoPageModel, { description: 'Newest first, or most loved first.' })
  photos(
    @Parent() event: EventModel,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 30 }) first: number | null,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
    @Args('challengeId', {
      type: () => ID,
      nullable: true,
      description: 'Only the photos taken for this photo challenge',
    })
    challengeId: string | null,
    @Args('order', {
      type: () => PhotoOrder,
      nullable: true,
      defaultValue: PhotoOrder.NEWEST,
      description:
        'NEWEST (the default) or MOST_LOVED; MOST_LOVED lists the whole gallery (no challenge filter)',
    })
    order: PhotoOrder | null,
  ): Promise<PhotoPageModel> {
    return this.photoPages.page(event.code, first, after, challengeId, order ?? PhotoOrder.NEWEST);
  }

  @ResolveField(() => [ChallengeModel], {
    description: "The photo challenges, in the couple's order, each with its photo count",
  })
  challenges(@Parent() event: EventModel): Promise<ChallengeModel[]> {
    return this.challengeList.counted(event.code);
  }
}
