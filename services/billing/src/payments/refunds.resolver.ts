import { Inject } from '@nestjs/common';
import { Args, Context, Mutation, Parent, ResolveField, Resolver, ResolveReference } from '@nestjs/graphql';
import {
  bearerTokenFromHeader,
  OwnerAuthority,
  OwnerOnly,
  VerifiedOwner,
  type VerifiedGalleryOwner,
  type GraphQLRequestContext,
  type Plan,
} from '@gallery/platform';
import { isGalleryCode } from '@gallery/contracts';
import { EventModel } from './event.model.js';
import { PaymentsService, refundDeadline } from './payments.service.js';
import { RefundModel } from './refund.model.js';

@Resolver(() => EventModel)
export class RefundsResolver {
  constructor(
    @Inject(OwnerAuthority) private readonly owners: OwnerAuthority,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
  ) {}

  @ResolveReference()
  resolveReference(reference: { __typename: string; code: string }): EventModel {
    return { code: reference.code };
  }

  @ResolveField(() => String, {
    nullable: true,
    description: "Owner only (null for others): the last payment's refund deadline (ISO), null if none",
  })
  async refundableUntil(
    @Parent() event: EventModel,
    @Context() context: GraphQLRequestContext,
  ): Promise<string | null> {
    const { authorization } = context;
    if (!authorization || !bearerTokenFromHeader(authorization) || !isGalleryCode(event.code)) return null;
    const { owner } = await this.owners.authorize(event.code, authorization);
    if (!owner) return null;
    const payment = await this.payments.latestStanding(event.code);
    return payment && refundDeadline(payment.paidAt).toISOString();
  }

  @OwnerOnly('eventCode')
  @Mutation(() => RefundModel, {
    description: `Owner only: refunds the gallery's last payment within the refund window; the plan reverts once the refund is confirmed`,
  })
  async requestRefund(
    @Args('eventCode') _eventCode: string,
    @VerifiedOwner() { gallery }: VerifiedGalleryOwner,
  ): Promise<RefundModel> {
    const { payment, requestedAt, revertTo } = await this.payments.requestRefund(gallery.code);
    return {
      eventCode: gallery.code,
      amountCents: payment.amountCents,
      currency: payment.currency,
      revertedTo: revertTo as Plan,
      refundedAt: requestedAt.toISOString(),
    };
  }
}
