import { Inject } from '@nestjs/common';
import { Args, Field, ID, Int, Mutation, ObjectType, Parent, ResolveField, Resolver } from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { MAX_REVIEW_BATCH, type PhotoReviewDecision } from '@gallery/contracts';
import { OwnerOnly, VerifiedOwner, type VerifiedGalleryOwner } from '@gallery/platform';
import { GuestbookMessageModel } from '../guestbook/guestbook-message.model.js';
import type { ShownMessage } from '../guestbook/guestbook.service.js';
import { PhotoCursor } from '../photos/photo-cursor.js';
import { GuestbookReviewService } from './guestbook-review.service.js';
import { MAX_QUEUE_PAGE, ReviewDecision, ReviewQueueModel } from './photo-review.resolver.js';

@ObjectType('GuestbookMessagePage')
export class GuestbookMessagePageModel {
  @Field(() => [GuestbookMessageModel])
  nodes!: ShownMessage[];

  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page.' })
  endCursor!: string | null;

  @Field()
  hasMore!: boolean;
}

/** Guestbook messages on the couple's approval queue: read in the queue's state, approved or hidden. */
@Resolver(() => ReviewQueueModel)
export class GuestbookReviewResolver {
  constructor(@Inject(GuestbookReviewService) private readonly review: GuestbookReviewService) {}

  @ResolveField(() => GuestbookMessagePageModel, {
    description: 'Guestbook messages in the queue’s state (waiting or hidden), newest first',
  })
  async messages(
    @Parent() queue: ReviewQueueModel,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 30 }) first: number | null,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
  ): Promise<GuestbookMessagePageModel> {
    const limit = Math.max(0, Math.min(MAX_QUEUE_PAGE, first ?? 30));
    const cursor = after ? PhotoCursor.decode(after) : null;
    if (after && !cursor) {
      throw new GraphQLError('`after` must be the endCursor of a previous page', {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const rows = await this.review.inReview(queue.code, queue.state, limit + 1, cursor);
    const nodes = rows.slice(0, limit);
    const last = nodes.at(-1);
    return {
      nodes,
      endCursor: last ? new PhotoCursor(new Date(last.createdAt), last.id).encode() : (after ?? null),
      hasMore: rows.length > limit,
    };
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Int, {
    description:
      `Owner only: approves or hides up to ${MAX_REVIEW_BATCH} guestbook messages at once; approved ones reach ` +
      'open screens and the wall (guestbookMessageAdded), hidden ones leave them (guestbookMessageRemoved). How ' +
      'many messages guests now see. REVIEW_MESSAGE_BATCH_TOO_LARGE or REVIEW_MESSAGE_NOT_FOUND',
  })
  reviewGuestbookMessages(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
    @Args('ids', { type: () => [ID] }) ids: string[],
    @Args('decision', { type: () => ReviewDecision }) decision: ReviewDecision,
  ): Promise<number> {
    return this.review.decide(code, ids, decision as PhotoReviewDecision);
  }
}
