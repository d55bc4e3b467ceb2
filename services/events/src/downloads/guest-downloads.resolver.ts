import { Inject } from '@nestjs/common';
import { Args, Mutation, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { normalizeEventCode, Subjects } from '@gallery/contracts';
import { AppError, OutboxRelay, recordEvent } from '@gallery/platform';
import { DataSource } from 'typeorm';
import { EventEntity } from '../galleries/event.entity.js';
import { EventModel } from '../galleries/event.model.js';
import { BearerToken } from '../owners/bearer-token.decorator.js';
import { OwnerTokens } from '../owners/owner-tokens.js';

/** The owner's Download All setting for guests: read by anyone with the code, changed by the owner only. */
@Resolver(() => EventModel)
export class GuestDownloadsResolver {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OwnerTokens) private readonly ownerTokens: OwnerTokens,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  @ResolveField(() => Boolean, {
    description: 'Whether guests may download the whole gallery as a zip (the owner always may)',
  })
  async guestDownloadsAllowed(@Parent() event: EventModel): Promise<boolean> {
    const found = await this.dataSource
      .getRepository(EventEntity)
      .findOne({ select: { code: true, guestDownloads: true }, where: { code: event.code } });
    return found?.guestDownloads ?? false;
  }

  @Mutation(() => EventModel, {
    description: 'Owner only: lets guests Download All, or not. UNAUTHENTICATED without the owner token',
  })
  async setGuestDownloads(
    @Args('eventCode') eventCode: string,
    @Args('allowed') allowed: boolean,
    @BearerToken() token: string | null,
  ): Promise<EventModel> {
    const code = normalizeEventCode(eventCode);
    if (!(await this.ownerTokens.verify(code, token))) throw new AppError('UNAUTHENTICATED');
    // The change and its live signal in one transaction: open gallery screens show or hide Download All at once.
    const event = await this.dataSource.transaction(async (manager) => {
      await manager.update(EventEntity, { code }, { guestDownloads: allowed });
      const found = await manager.findOneBy(EventEntity, { code });
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
