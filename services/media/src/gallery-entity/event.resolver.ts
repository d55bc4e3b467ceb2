import { Inject } from '@nestjs/common';
import { PLANS, TABLE_CARD_LIMITS } from '@gallery/contracts';
import { Args, Context, ID, Int, Parent, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import { ChallengeModel } from '../challenges/challenge.model.js';
import { ChallengeRepository } from '../challenges/challenge.repository.js';
import { TableModel } from '../tables/table.model.js';
import { TablePhotosRepository } from '../tables/table-photos.repository.js';
import { ReadSnapshots } from '../graphql/read-snapshots.js';
import { PhotoAudience, type PhotoView } from '../photos/photo-audience.js';
import { PhotoOrder } from '../photos/photo-order.enum.js';
import { PhotoPageModel } from '../photos/photo-page.model.js';
import { PhotoRepository } from '../photos/photo.repository.js';
import { PhotosService } from '../photos/photos.service.js';
import { EventModel } from '../galleries/event.model.js';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { type GraphQLRequestContext } from '@gallery/platform';

/**
 * The photo fields this subgraph adds to the events subgraph's Event. The fields of one request are read from
 * one snapshot (ReadSnapshots): a screen's page of photos and its counts agree.
 */
/** What the caller sees narrowed to their own uploads: those of the identity they proved, or none. */
function ownUploadsView(view: PhotoView): PhotoView {
  if (view.uploaderId === null || !view.viewer) return { ...view, uploaderId: null };
  return { ...view, uploaderId: view.viewer };
}

@Resolver(() => EventModel)
export class EventResolver {
  private readonly views = new WeakMap<GraphQLRequestContext, Map<string, Promise<PhotoView>>>();

  constructor(
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(PhotosService) private readonly photoPages: PhotosService,
    @Inject(ChallengeRepository) private readonly challengeList: ChallengeRepository,
    @Inject(TablePhotosRepository) private readonly tablePhotos: TablePhotosRepository,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
    @Inject(PhotoRepository) private readonly photoRows: PhotoRepository,
    @Inject(ReadSnapshots) private readonly snapshots: ReadSnapshots,
  ) {}

  /** What the caller sees of the gallery, read once for all the request's fields, in its snapshot. */
  private view(code: string, context: GraphQLRequestContext): Promise<PhotoView> {
    const ofRequest = this.views.get(context) ?? new Map<string, Promise<PhotoView>>();
    this.views.set(context, ofRequest);
    let view = ofRequest.get(code);
    if (!view) {
      view = this.snapshots.read(context, (manager) => this.audience.view(code, context, manager));
      ofRequest.set(code, view);
    }
    return view;
  }

  @ResolveReference()
  resolveReference(reference: { code: string }): EventModel {
    return { code: reference.code };
  }

  /**
   * Zero until the read model has heard of the gallery, which is what it holds then. A guest who sees only their
   * own uploads counts only those. Photos waiting for the couple's approval or hidden are not counted, except
   * a guest's own waiting ones for that guest (the plan's quota counts them all: the queue shows how many).
   */
  @ResolveField(() => Int)
  async photoCount(@Parent() event: EventModel, @Context() context: GraphQLRequestContext): Promise<number> {
    const view = await this.view(event.code, context);
    if (view.uploaderId === null) return 0;
    return this.snapshots.read(context, async (manager) => {
      if (view.uploaderId) return this.photoRows.countByUploader(event.code, view.uploaderId, manager);
      const gallery = await this.galleries.find(event.code, manager);
      if (!gallery) return 0;
      const visible = gallery.photoCount - gallery.withheldCount;
      if (!view.viewer || gallery.withheldCount === 0) return visible;
      return visible + (await this.photoRows.countWaitingOf(event.code, view.viewer, manager));
    });
  }

  @ResolveField(() => Boolean, {
    description:
      "Whether the gallery holds as many photos as its plan takes (every photo counted, those waiting for the couple's " +
      'approval too): it takes no more, and guests are shown it is full. False until the read model has heard of it.',
  })
  async photoLimitReached(
    @Parent() event: EventModel,
    @Context() context: GraphQLRequestContext,
  ): Promise<boolean> {
    const gallery = await this.snapshots.read(context, (manager) => this.galleries.find(event.code, manager));
    if (!gallery) return false;
    const limit = PLANS[gallery.plan].photoLimit;
    return limit !== null && gallery.photoCount >= limit;
  }

  @ResolveField(() => PhotoPageModel, {
    description:
      'Newest first, or most loved first; only the caller’s own uploads while the couple does not share guests’ photos.',
  })
  async photos(
    @Parent() event: EventModel,
    @Context() context: GraphQLRequestContext,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 30 }) first: number | null,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
    @Args('challengeId', {
      type: () => ID,
      nullable: true,
      description: 'Only the photos taken for this photo challenge',
    })
    challengeId: string | null,
    @Args('table', {
      type: () => Int,
      nullable: true,
      description: `Only the photos uploaded from this table's card (1 to ${TABLE_CARD_LIMITS.maxTableNumber})`,
    })
    table: number | null,
    @Args('order', {
      type: () => PhotoOrder,
      nullable: true,
      defaultValue: PhotoOrder.NEWEST,
      description:
        'NEWEST (the default), MOST_LOVED or HIGHLIGHTS (the best photos, best first); MOST_LOVED and ' +
        'HIGHLIGHTS list the whole gallery (no challenge filter)',
    })
    order: PhotoOrder | null,
    @Args('mine', {
      type: () => Boolean,
      nullable: true,
      defaultValue: false,
      description:
        "Only the caller's own uploads (My photos), by the signed guest identity it sends (X-Guest-Identity): " +
        'none without a valid one. Never more than the caller sees otherwise.',
    })
    mine: boolean | null,
  ): Promise<PhotoPageModel> {
    const seen = await this.view(event.code, context);
    const view = mine ? ownUploadsView(seen) : seen;
    const ordered = order ?? PhotoOrder.NEWEST;
    return this.snapshots.read(context, (manager) =>
      this.photoPages.page(
        event.code,
        first,
        after,
        { challengeId, tableNumber: table },
        view,
        ordered,
        manager,
      ),
    );
  }

  @ResolveField(() => [TableModel], {
    description:
      "The tables whose card's QR code tagged photos the caller sees, in table order, with their counts",
  })
  async tables(
    @Parent() event: EventModel,
    @Context() context: GraphQLRequestContext,
  ): Promise<TableModel[]> {
    const view = await this.view(event.code, context);
    return this.snapshots.read(context, (manager) => this.tablePhotos.counted(event.code, view, manager));
  }

  @ResolveField(() => [ChallengeModel], {
    description: "The photo challenges, in the couple's order, each with its photo count",
  })
  async challenges(
    @Parent() event: EventModel,
    @Context() context: GraphQLRequestContext,
  ): Promise<ChallengeModel[]> {
    const view = await this.view(event.code, context);
    return this.snapshots.read(context, (manager) => this.challengeList.counted(event.code, view, manager));
  }
}
