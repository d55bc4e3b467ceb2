import { Inject } from '@nestjs/common';
import { Args, Context, ID, Mutation, Query, Resolver } from '@nestjs/graphql';
import {
  OwnerOnly,
  Public,
  VerifiedOwner,
  type VerifiedGalleryOwner,
  type GraphQLRequestContext,
  Plan,
} from '@gallery/platform';
import { CheckoutModel } from './checkout.model.js';
import { CheckoutsService } from './checkouts.service.js';

@Resolver(() => CheckoutModel)
export class CheckoutsResolver {
  constructor(@Inject(CheckoutsService) private readonly checkouts: CheckoutsService) {}

  @Public()
  @Query(() => CheckoutModel, { nullable: true, description: 'Null when no checkout has this id' })
  async checkout(@Args('id', { type: () => ID }) id: string): Promise<CheckoutModel | null> {
    const found = await this.checkouts.find(id);
    return found && CheckoutModel.from(found);
  }

  @OwnerOnly('eventCode')
  @Mutation(() => CheckoutModel, {
    description:
      "Owner only (Authorization: Bearer <owner token>): opens a checkout for an upgrade of the gallery's plan",
  })
  async startCheckout(
    @Args('eventCode') _eventCode: string,
    @Args('plan', { type: () => Plan }) plan: Plan,
    @VerifiedOwner() owner: VerifiedGalleryOwner,
    @Context() context: GraphQLRequestContext,
  ): Promise<CheckoutModel> {
    return CheckoutModel.from(await this.checkouts.start(owner, plan, context));
  }

  @Public()
  @Mutation(() => CheckoutModel, {
    description: 'Demo mode only: pays the checkout through the webhook path',
  })
  async payDemoCheckout(@Args('id', { type: () => ID }) id: string): Promise<CheckoutModel> {
    return CheckoutModel.from(await this.checkouts.payDemo(id));
  }

  @Public()
  @Mutation(() => CheckoutModel)
  async cancelCheckout(@Args('id', { type: () => ID }) id: string): Promise<CheckoutModel> {
    return CheckoutModel.from(await this.checkouts.cancel(id));
  }
}
