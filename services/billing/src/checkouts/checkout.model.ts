import { Field, ID, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import type { GalleryCheckout } from '../ledger/checkout.entity.js';
import { Plan } from '@gallery/platform';

export enum CheckoutStatus {
  OPEN = 'open',
  PAID = 'paid',
  CANCELLED = 'cancelled',
  REFUNDED = 'refunded',
}

registerEnumType(CheckoutStatus, { name: 'CheckoutStatus' });

@ObjectType('Checkout', {
  description:
    'A plan being bought for a gallery. Holding its id lets you see what is bought and pay or cancel it',
})
export class CheckoutModel {
  @Field(() => ID)
  id!: string;

  @Field()
  eventCode!: string;

  @Field(() => Plan)
  fromPlan!: Plan;

  @Field(() => Plan)
  plan!: Plan;

  @Field(() => Int)
  amountCents!: number;

  @Field({ description: 'ISO 4217, lower case ("usd")' })
  currency!: string;

  @Field(() => CheckoutStatus)
  status!: CheckoutStatus;

  @Field({ description: "Stripe's hosted page, or the web app's demo checkout without Stripe keys" })
  paymentUrl!: string;

  @Field({ description: 'True when no Stripe keys are configured: the demo checkout stands in for Stripe' })
  demo!: boolean;

  @Field({
    description:
      "True when it pays a new gallery's own order (ordered on a paid plan): one purchase, not an upgrade from " +
      'fromPlan',
  })
  newGallery!: boolean;

  static from(entity: GalleryCheckout): CheckoutModel {
    return {
      id: entity.id,
      eventCode: entity.eventCode,
      fromPlan: entity.fromPlan as Plan,
      plan: entity.plan as Plan,
      amountCents: entity.amountCents,
      currency: entity.currency,
      status: entity.status as CheckoutStatus,
      paymentUrl: entity.paymentUrl,
      demo: entity.demo,
      newGallery: entity.newGallery,
    };
  }
}
