import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { refundDeadline } from '../payments/payments.service.js';
import type { BundleCheckoutEntity } from '../ledger/bundle-checkout.entity.js';
import type { CreditEntity } from '../ledger/credit.entity.js';
import type { PurchaseWithCredits } from './credits.service.js';
import { Plan } from '@gallery/platform';

export enum CreditStatus {
  UNUSED = 'unused',
  REDEEMED = 'redeemed',
  EXPIRED = 'expired',
  REFUNDED = 'refunded',
}
registerEnumType(CreditStatus, { name: 'CreditStatus' });

export enum BundleCheckoutStatus {
  OPEN = 'open',
  PAID = 'paid',
  CANCELLED = 'cancelled',
}
registerEnumType(BundleCheckoutStatus, { name: 'BundleCheckoutStatus' });

@ObjectType('Credit', { description: "One event credit of a bundle: a gallery's plan, once redeemed" })
export class CreditModel {
  @Field(() => ID)
  id!: string;

  @Field(() => Plan)
  plan!: Plan;

  @Field(() => CreditStatus)
  status!: CreditStatus;

  @Field({ description: 'ISO: an unused credit lapses then' })
  expiresAt!: string;

  @Field(() => String, { nullable: true, description: 'ISO, when it became a gallery plan' })
  redeemedAt!: string | null;

  @Field(() => String, { nullable: true, description: 'The gallery it became the plan of' })
  eventCode!: string | null;

  static from(credit: CreditEntity, now = new Date()): CreditModel {
    let status = CreditStatus.UNUSED;
    if (credit.redeemedAt) status = CreditStatus.REDEEMED;
    else if (credit.refundedAt) status = CreditStatus.REFUNDED;
    else if (credit.expiresAt <= now) status = CreditStatus.EXPIRED;
    return {
      id: credit.id,
      plan: credit.plan as Plan,
      status,
      expiresAt: credit.expiresAt.toISOString(),
      redeemedAt: credit.redeemedAt?.toISOString() ?? null,
      eventCode: credit.eventCode,
    };
  }
}

@ObjectType('BundlePurchase', { description: "A paid bundle of event credits, the owner's own" })
export class BundlePurchaseModel {
  @Field(() => ID)
  id!: string;

  @Field({ description: "The catalogue's bundle id (standard-3)" })
  bundleId!: string;

  @Field(() => Plan)
  plan!: Plan;

  @Field(() => Int, { description: 'Events per bundle' })
  events!: number;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  amountCents!: number;

  @Field()
  currency!: string;

  @Field()
  paidAt!: string;

  @Field({ description: 'ISO: when its unused credits lapse' })
  expiresAt!: string;

  @Field(() => String, {
    nullable: true,
    description: 'ISO: until when its unused credits can be refunded; null when that has passed or is done',
  })
  refundableUntil!: string | null;

  @Field(() => Int, { description: 'What refunding the unused credits now would give back, in cents' })
  refundableCents!: number;

  @Field(() => Int, { nullable: true, description: 'What the refund of its unused credits gave back' })
  refundCents!: number | null;

  @Field(() => String, { nullable: true })
  refundedAt!: string | null;

  @Field(() => [CreditModel])
  credits!: CreditModel[];

  static from({ purchase, credits }: PurchaseWithCredits, now = new Date()): BundlePurchaseModel {
    const deadline = refundDeadline(purchase.paidAt);
    const unused = credits.filter((credit) => !credit.redeemedAt && !credit.refundedAt).length;
    const refundable = !purchase.refundRequestedAt && now <= deadline && unused > 0;
    return {
      id: purchase.id,
      bundleId: purchase.bundleId,
      plan: purchase.plan as Plan,
      events: purchase.events,
      quantity: purchase.quantity,
      amountCents: purchase.amountCents,
      currency: purchase.currency,
      paidAt: purchase.paidAt.toISOString(),
      expiresAt: purchase.expiresAt.toISOString(),
      refundableUntil: refundable ? deadline.toISOString() : null,
      refundableCents: refundable ? Math.floor((purchase.amountCents * unused) / purchase.credits) : 0,
      refundCents: purchase.refundCents,
      refundedAt: purchase.refundedAt?.toISOString() ?? null,
      credits: credits.map((credit) => CreditModel.from(credit, now)),
    };
  }
}

@ObjectType('BundleCheckout', {
  description: 'Bundles being bought. Holding its id lets you see what is bought and pay (demo) or cancel it',
})
export class BundleCheckoutModel {
  @Field(() => ID)
  id!: string;

  @Field()
  bundleId!: string;

  @Field(() => Plan)
  plan!: Plan;

  @Field(() => Int)
  events!: number;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  amountCents!: number;

  @Field()
  currency!: string;

  @Field(() => BundleCheckoutStatus)
  status!: BundleCheckoutStatus;

  @Field({ description: "Stripe's hosted page, or the dashboard's demo checkout without Stripe keys" })
  paymentUrl!: string;

  @Field()
  demo!: boolean;

  static from(checkout: BundleCheckoutEntity): BundleCheckoutModel {
    return {
      id: checkout.id,
      bundleId: checkout.bundleId,
      plan: checkout.plan as Plan,
      events: checkout.events,
      quantity: checkout.quantity,
      amountCents: checkout.amountCents,
      currency: checkout.currency,
      status: checkout.status as BundleCheckoutStatus,
      paymentUrl: checkout.paymentUrl,
      demo: checkout.demo,
    };
  }
}
