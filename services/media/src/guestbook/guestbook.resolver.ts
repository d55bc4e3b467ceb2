import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Parent, Query, ResolveField, Resolver } from '@nestjs/graphql';
import { GUESTBOOK_LIMITS, normalizeEventCode } from '@gallery/contracts';
import { GuestOf, OwnerOnly, type GraphQLRequestContext } from '@gallery/platform';
import { GuestbookMessageModel } from './guestbook-message.model.js';
import { PhotoAudience } from '../photos/photo-audience.js';
import { GuestbookService, type ShownMessage } from './guestbook.service.js';

@Resolver(() => GuestbookMessageModel)
export class GuestbookResolver {
  constructor(
    @Inject(GuestbookService) private readonly guestbook: GuestbookService,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
  ) {}

  @GuestOf('eventCode')
  @Mutation(() => GuestbookMessageModel, {
    description:
      `A guest leaves a message for the couple (at most ${GUESTBOOK_LIMITS.messageChars} characters and ` +
      `${GUESTBOOK_LIMITS.messageLines} lines, with the name they gave in the gallery); open screens and the ` +
      'wall show it (guestbookMessageAdded), once the couple approved it while they ask for approval ' +
      '(awaitingApproval until then). GUEST_IDENTITY_REQUIRED, GUESTBOOK_MESSAGE_EMPTY, ' +
      'GUESTBOOK_MESSAGE_TOO_LONG, GUESTBOOK_MESSAGE_TOO_MANY_LINES, GUESTBOOK_MESSAGE_FORBIDDEN_CHARACTERS, ' +
      'GUEST_NAME_TOO_LONG, GUEST_NAME_FORBIDDEN_CHARACTERS, RATE_LIMITED',
  })
  leaveGuestbookMessage(
    @Context() context: GraphQLRequestContext,
    @Args('eventCode') eventCode: string,
    @Args('text') text: string,
    @Args('guestName', { type: () => String, nullable: true }) guestName: string | null,
  ): Promise<ShownMessage> {
    return this.guestbook.leave(eventCode, text, guestName, context, () =>
      this.audience.isOwner(normalizeEventCode(eventCode), context.authorization),
    );
  }

  @GuestOf('eventCode')
  @Query(() => [GuestbookMessageModel], {
    description:
      `The gallery's guestbook, newest first, up to ${GUESTBOOK_LIMITS.pageSize} at a time; before: the id of ` +
      "the last one shown. Approved messages, and the caller's own waiting ones (X-Guest-Identity)",
  })
  guestbookMessages(
    @Context() context: GraphQLRequestContext,
    @Args('eventCode') eventCode: string,
    @Args('first', { type: () => Int, nullable: true, defaultValue: GUESTBOOK_LIMITS.pageSize })
    first: number,
    @Args('before', { type: () => ID, nullable: true }) before: string | null,
  ): Promise<ShownMessage[]> {
    return this.guestbook.page(eventCode, first ?? GUESTBOOK_LIMITS.pageSize, before, context.guestIdentity);
  }

  @ResolveField(() => Boolean, {
    description: "True on its writer's own message (and on the couple's queue) while it waits for approval",
  })
  awaitingApproval(@Parent() message: ShownMessage): boolean {
    return message.awaitingApproval === true;
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Boolean, {
    description:
      'Owner only: removes a guestbook message; open screens and the wall drop it (guestbookMessageRemoved). ' +
      'UNAUTHENTICATED, NOT_GALLERY_OWNER or GUESTBOOK_MESSAGE_NOT_FOUND',
  })
  async removeGuestbookMessage(
    @Args('eventCode') eventCode: string,
    @Args('id', { type: () => ID }) id: string,
  ): Promise<boolean> {
    await this.guestbook.remove(eventCode, id);
    return true;
  }
}
