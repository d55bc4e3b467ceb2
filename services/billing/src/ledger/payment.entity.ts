import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { PlanId } from '@gallery/contracts';

/**
 * Money received for a checkout. `applied` is false for a payment that arrived when another one had already
 * bought this plan or a higher one for the gallery: it changes no plan and is refunded at once.
 */
@Entity('payments')
export class PaymentEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'checkout_id', type: 'uuid' })
  checkoutId!: string;

  /** The gallery paid for; null once the gallery is purged (the record is kept for accounting). */
  @Column({ name: 'event_code', type: 'text', nullable: true })
  eventCode!: string | null;

  @Column({ name: 'from_plan', type: 'text' })
  fromPlan!: PlanId;

  @Column({ type: 'text' })
  plan!: PlanId;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'text' })
  currency!: string;

  /** Stripe's PaymentIntent id: what a refund names and what charge.refunded points back to. */
  @Column({ name: 'payment_intent', type: 'text', nullable: true })
  paymentIntent!: string | null;

  @Column({ type: 'boolean' })
  applied!: boolean;

  @Column({ name: 'paid_at', type: 'timestamptz' })
  paidAt!: Date;

  @Column({ name: 'refund_requested_at', type: 'timestamptz', nullable: true })
  refundRequestedAt!: Date | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;
}
