import { Inject } from '@nestjs/common';
import {
  Args,
  Context,
  Field,
  Int,
  Mutation,
  ObjectType,
  Query,
  registerEnumType,
  Resolver,
} from '@nestjs/graphql';
import { isGalleryCode, normalizeEventCode } from '@gallery/contracts';
import {
  GuestOf,
  OwnerOnly,
  RateLimits,
  VerifiedOwner,
  type VerifiedGalleryOwner,
  type GraphQLRequestContext,
} from '@gallery/platform';
import { GalleryActivity } from './gallery-activity.js';

export enum ActivityKind {
  VIEW = 'view',
  DOWNLOAD = 'download',
}
registerEnumType(ActivityKind, { name: 'ActivityKind' });

@ObjectType('ActivityDay')
export class ActivityDayModel {
  @Field({ description: 'yyyy-mm-dd (UTC)' })
  day!: string;
  @Field(() => Int)
  views!: number;
  @Field(() => Int)
  uploads!: number;
  @Field(() => Int)
  downloads!: number;
  @Field(() => Int, { description: 'Distinct browsers that viewed or downloaded that day' })
  guests!: number;
}

/** The longest guest id a browser may send: a UUID fits. */
const GUEST_ID_MAX = 64;

@Resolver()
export class GalleryActivityResolver {
  constructor(
    @Inject(GalleryActivity) private readonly activity: GalleryActivity,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
  ) {}

  @GuestOf('eventCode')
  @Mutation(() => Boolean, {
    description:
      "Records a view or a download for the couple's analytics (guest: a random id the browser keeps). " +
      'RATE_LIMITED per guest and gallery; false for an unknown gallery',
  })
  async recordGalleryActivity(
    @Args('eventCode') eventCode: string,
    @Args('kind', { type: () => ActivityKind }) kind: ActivityKind,
    @Args('guest') guest: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<boolean> {
    const code = normalizeEventCode(eventCode);
    await this.rateLimits.consumeGuestAction('galleryActivity', context, code);
    if (!isGalleryCode(code) || guest.length === 0 || guest.length > GUEST_ID_MAX) return false;
    return this.activity.record(code, kind, guest);
  }

  @OwnerOnly('eventCode')
  @Query(() => [ActivityDayModel], {
    description: 'Owner only: views, uploads, downloads and distinct guests per day over the last 30 days',
  })
  async galleryAnalytics(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<ActivityDayModel[]> {
    return this.activity.days(gallery.code);
  }
}
