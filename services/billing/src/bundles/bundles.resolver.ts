import { Inject } from '@nestjs/common';
import { Args, Context, ID, Int, Mutation, Query, Resolver } from '@nestjs/graphql';
import { BUNDLE_LIMITS, type BundlePlan } from '@gallery/contracts';
import {
  AppError,
  OwnerOnly,
  Public,
  SignedIn,
  VerifiedOwner,
  type VerifiedGalleryOwner,
  type GraphQLRequestContext,
  Plan,
} from '@gallery/platform';
import { BundleCheckoutsService } from './bundle-checkouts.service.js';
import { BundleCheckoutModel, BundlePurchaseModel, CreditModel } from './bundle.models.js';
import { CreditsService } from './credits.service.js';

@Resolver()
export class BundlesResolver {
  constructor(
    @Inject(BundleCheckoutsService) private readonly checkouts: BundleCheckoutsService,
    @Inject(CreditsService) private readonly credits: CreditsService,
  ) {}

  @SignedIn()
  @Query(() => [BundlePurchaseModel], {
    description:
      "Signed-in owner only (Authorization: Bearer <session>): the owner's bundles and their credits",
  })
  async myBundlePurchases(@Context() context: GraphQLRequestContext): Promise<BundlePurchaseModel[]> {
    const now = new Date();
    return (await this.credits.overview(context.authorization)).map((found) =>
      BundlePurchaseModel.from(found, now),
    );
  }

  @Public()
  @Query(() => BundleCheckoutModel, {
    nullable: true,
    description: 'Null when no bundle checkout has this id',
  })
  async bundleCheckout(@Args('id', { type: () => ID }) id: string): Promise<BundleCheckoutModel | null> {
    const found = await this.checkouts.find(id);
    return found && BundleCheckoutModel.from(found);
  }

  @SignedIn()
  @Mutation(() => BundleCheckoutModel, {
    description: `Signed-in owner only: opens a checkout of a catalogue bundle (at most ${BUNDLE_LIMITS.bundlesPerCheckout} per checkout)`,
  })
  async startBundleCheckout(
    @Args('bundleId') bundleId: string,
    @Args('quantity', { type: () => Int, defaultValue: 1 }) quantity: number,
    @Context() context: GraphQLRequestContext,
  ): Promise<BundleCheckoutModel> {
    return BundleCheckoutModel.from(await this.checkouts.start(bundleId, quantity, context));
  }

  @Public()
  @Mutation(() => BundleCheckoutModel, {
    description: 'Demo mode only: pays the checkout through the webhook path',
  })
  async payDemoBundleCheckout(@Args('id', { type: () => ID }) id: string): Promise<BundleCheckoutModel> {
    return BundleCheckoutModel.from(await this.checkouts.payDemo(id));
  }

  @Public()
  @Mutation(() => BundleCheckoutModel)
  async cancelBundleCheckout(@Args('id', { type: () => ID }) id: string): Promise<BundleCheckoutModel> {
    return BundleCheckoutModel.from(await this.checkouts.cancel(id));
  }

  @OwnerOnly('eventCode')
  @Mutation(() => CreditModel, {
    description:
      "Gallery owner only: makes one of the owner's credits the gallery's plan at once (no checkout); the plan applies through plan.upgraded",
  })
  async redeemCredit(
    @Args('creditId', { type: () => ID }) creditId: string,
    @Args('eventCode') _eventCode: string,
    @Args('plan', { type: () => Plan }) plan: Plan,
    @VerifiedOwner() verified: VerifiedGalleryOwner,
  ): Promise<CreditModel> {
    if (plan === Plan.FREE) throw new AppError('CREDIT_WRONG_PLAN');
    return CreditModel.from(await this.credits.redeem(creditId, plan as BundlePlan, verified));
  }

  @SignedIn()
  @Mutation(() => BundlePurchaseModel, {
    description:
      'Signed-in owner only: within the refund window, refunds the unused credits of a bundle pro rata (price paid x unused / total)',
  })
  async refundUnusedCredits(
    @Args('purchaseId', { type: () => ID }) purchaseId: string,
    @Context() context: GraphQLRequestContext,
  ): Promise<BundlePurchaseModel> {
    return BundlePurchaseModel.from(await this.credits.refundUnused(purchaseId, context.authorization));
  }
}
