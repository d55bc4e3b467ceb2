import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { Subjects } from '@gallery/contracts';
import {
  AppError,
  OutboxRelay,
  OwnerOnly,
  recordEvent,
  VerifiedOwner,
  type VerifiedGalleryOwner,
} from '@gallery/platform';
import { DataSource } from 'typeorm';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { EventModel } from '../galleries/event.model.js';

/** The owner's Download All setting for guests: read by anyone with the code, changed by the owner only. */
@Resolver(() => EventModel)
export class GuestDownloadsResolver {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  @ResolveField(() => Boolean, {
    description: 'Whether guests may download the whole gallery as a zip (the owner always may)',
  })
  async guestDownloadsAllowed(@Parent() event: EventModel): Promise<boolean> {
    const found = await this.dataSource
      .getRepository(GalleryEntity)
      .findOne({ select: { code: true, guestDownloads: true }, where: { code: event.code } });
    return found?.guestDownloads ?? false;
  }

  @OwnerOnly('eventCode')
  @Mutation(() => EventModel, {
    description: 'Owner only: lets guests Download All, or not',
  })
  async setGuestDownloads(
    @Args('eventCode') _eventCode: string,
    @Args('allowed') allowed: boolean,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
  ): Promise<EventModel> {
    // The change and its live signal in one transaction: open gallery screens show or hide Download All at once.
    const event = await this.dataSource.transaction(async (manager) => {
      await manager.update(GalleryEntity, { code }, { guestDownloads: allowed });
      const found = await manager.findOneBy(GalleryEntity, { code });
      if (!found) throw new AppError('GALLERY_NOT_FOUND');
      await recordEvent(manager, Subjects.GuestDownloadsChanged, {
        code,
        allowed,
        plan: found.plan,
        expiresAt: found.expiresAt.toISOString(),
      });
      return found;
    });
    this.relay.kick();
    return EventModel.fromEntity(event);
  }
}
