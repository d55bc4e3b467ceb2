import { Field, Int, ObjectType } from '@nestjs/graphql';
import { Plan } from '@gallery/platform';

@ObjectType('Refund', {
  description: 'A refund asked for: the plan reverts once the payment provider confirms it',
})
export class RefundModel {
  @Field()
  eventCode!: string;

  @Field(() => Int)
  amountCents!: number;

  @Field()
  currency!: string;

  @Field(() => Plan)
  revertedTo!: Plan;

  @Field()
  refundedAt!: string;
}
