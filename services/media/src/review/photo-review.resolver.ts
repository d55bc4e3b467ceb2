import { Inject } from '@nestjs/common';
import {
  Args,
  Field,
  ID,
  Int,
  Mutation,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
} from '@nestjs/graphql';
import { GraphQLError } from 'graphql';
import { MAX_REVIEW_BATCH, type PhotoReviewDecision } from '@gallery/contracts';
import { OwnerOnly, VerifiedOwner, type VerifiedGalleryOwner } from '@gallery/platform';
import { PhotoCursor } from '../photos/photo-cursor.js';
import { PhotoPageModel } from '../photos/photo-page.model.js';
import { PhotoRepository } from '../photos/photo.repository.js';
import { PhotosService } from '../photos/photos.service.js';
import { GuestbookReviewService } from './guestbook-review.service.js';
import { PhotoReviewService } from './photo-review.service.js';
import { PhotoHint } from '../quality/photo-hint.enum.js';
import { PhotoHintCountsModel, PhotoQualityHintsModel } from '../quality/photo-quality-hints.model.js';
import { PhotoQualityRepository } from '../quality/photo-quality.repository.js';
import { ReviewHints } from './review-hints.js';

/**
 * Which of the couple's queues: the photos waiting for a decision, or the ones hidden. Its values are its names: a
 * federated subgraph's schema is built again from its SDL, where an argument's default value is the enum's name,
 * and reaches the resolver as that name.
 */
export enum ReviewQueueState {
  WAITING = 'WAITING',
  HIDDEN = 'HIDDEN',
  /** Those guests see (approved, or never waiting): where the quality hints matter when approval is off. */
  SHOWN = 'SHOWN',
}
registerEnumType(ReviewQueueState, { name: 'ReviewQueueState' });

/** The photos' and messages' review state each queue lists. */
const QUEUE_REVIEW_STATES: Record<ReviewQueueState, 'waiting' | 'hidden' | 'approved'> = {
  WAITING: 'waiting',
  HIDDEN: 'hidden',
  SHOWN: 'approved',
};

export enum ReviewDecision {
  APPROVE = 'approve',
  HIDE = 'hide',
}
registerEnumType(ReviewDecision, { name: 'ReviewDecision' });

@ObjectType('ReviewQueue')
export class ReviewQueueModel {
  @Field(() => Int, { description: 'Photos waiting for the couple’s approval' })
  waitingCount!: number;

  @Field(() => Int, { description: 'Photos the couple hid (they still count toward the plan’s quota)' })
  hiddenCount!: number;

  @Field(() => Int, { description: 'Photos guests see (approved, or never waiting)' })
  shownCount!: number;

  @Field(() => PhotoHintCountsModel, { description: 'How many photos of this queue have each quality hint' })
  hintCounts!: PhotoHintCountsModel;

  @Field(() => PhotoPageModel, { description: 'Newest first; URLs carry the couple’s review pass' })
  photos!: PhotoPageModel;

  @Field(() => [PhotoQualityHintsModel], {
    description: 'The quality hints of the page’s photos, one for each photo measured (none for a video)',
  })
  photoHints!: PhotoQualityHintsModel[];

  @Field(() => Int, { description: 'Guestbook messages waiting for the couple’s approval' })
  waitingMessageCount!: number;

  @Field(() => Int, { description: 'Guestbook messages the couple hid' })
  hiddenMessageCount!: number;

  /** For the `messages` field (GuestbookReviewResolver): the queue's gallery and review state, not in the schema. */
  code!: string;
  state!: 'waiting' | 'hidden' | 'approved';
}

export const MAX_QUEUE_PAGE = 100;

@Resolver()
export class PhotoReviewResolver {
  constructor(
    @Inject(PhotoReviewService) private readonly review: PhotoReviewService,
    @Inject(PhotoRepository) private readonly photos: PhotoRepository,
    @Inject(GuestbookReviewService) private readonly messages: GuestbookReviewService,
    @Inject(PhotoQualityRepository) private readonly quality: PhotoQualityRepository,
    @Inject(PhotosService) private readonly photoService: PhotosService,
    @Inject(ReviewHints) private readonly hints: ReviewHints,
  ) {}

  @OwnerOnly('eventCode')
  @Query(() => ReviewQueueModel, {
    description:
      'Owner only: the approval queue — how many photos and guestbook messages wait and how many are hidden, ' +
      'and a page of one of them',
  })
  async reviewQueue(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
    @Args('state', { type: () => ReviewQueueState, nullable: true, defaultValue: ReviewQueueState.WAITING })
    state: ReviewQueueState | null,
    @Args('first', { type: () => Int, nullable: true, defaultValue: 30 }) first: number | null,
    @Args('after', { type: () => String, nullable: true }) after: string | null,
    @Args('hint', {
      type: () => PhotoHint,
      nullable: true,
      description: 'Only the photos with this quality hint',
    })
    hint: PhotoHint | null,
  ): Promise<ReviewQueueModel> {
    const limit = Math.max(0, Math.min(MAX_QUEUE_PAGE, first ?? 30));
    const cursor = after ? PhotoCursor.decode(after) : null;
    if (after && !cursor) {
      throw new GraphQLError('`after` must be the endCursor of a previous page', {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    const review = QUEUE_REVIEW_STATES[state ?? ReviewQueueState.WAITING];
    const [counts, messageCounts, hintCounts, rows] = await Promise.all([
      this.photos.reviewCounts(code),
      this.messages.counts(code),
      this.quality.hintCounts(code, review),
      this.photos.inReview(code, review, limit + 1, cursor, hint),
    ]);
    const nodes = rows.slice(0, limit);
    const last = nodes.at(-1);
    const photoHints = await this.hints.hintsOf(code, nodes);
    return {
      waitingCount: counts.waiting,
      hiddenCount: counts.hidden,
      shownCount: counts.approved,
      hintCounts: {
        blurry: hintCounts.BLURRY,
        dark: hintCounts.DARK,
        nearDuplicate: hintCounts.NEAR_DUPLICATE,
      },
      waitingMessageCount: messageCounts.waiting,
      hiddenMessageCount: messageCounts.hidden,
      code,
      state: review,
      photoHints,
      photos: {
        nodes: nodes.map((photo) => this.photoService.presentForReview(photo)),
        endCursor: last ? new PhotoCursor(last.createdAt, last.id).encode() : (after ?? null),
        hasMore: rows.length > limit,
      },
    };
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Int, {
    description:
      `Owner only: approves or hides up to ${MAX_REVIEW_BATCH} photos at once; approved ones reach guests' open ` +
      'screens (photoAdded), hidden ones leave them (photoRemoved). How many photos guests now see. ' +
      'REVIEW_BATCH_TOO_LARGE or REVIEW_PHOTO_NOT_FOUND',
  })
  reviewPhotos(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
    @Args('ids', { type: () => [ID] }) ids: string[],
    @Args('decision', { type: () => ReviewDecision }) decision: ReviewDecision,
  ): Promise<number> {
    return this.review.decide(code, ids, decision as PhotoReviewDecision);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => Int, {
    description:
      'Owner only: hides every photo of a queue (WAITING or SHOWN) with this quality hint ("hide all blurry"); ' +
      'for NEAR_DUPLICATE, all but the best of each group of near-duplicates. How many photos it hid',
  })
  async hidePhotosWithHint(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery: { code } }: VerifiedGalleryOwner,
    @Args('state', { type: () => ReviewQueueState }) state: ReviewQueueState,
    @Args('hint', { type: () => PhotoHint }) hint: PhotoHint,
  ): Promise<number> {
    if (state === ReviewQueueState.HIDDEN) {
      throw new GraphQLError('`state` must be WAITING or SHOWN: hidden photos are hidden already', {
        extensions: { code: 'BAD_USER_INPUT' },
      });
    }
    return this.hints.hideAllWithHint(code, QUEUE_REVIEW_STATES[state], hint);
  }
}
