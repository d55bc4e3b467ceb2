import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BundlePlan } from '@gallery/contracts';

/** Money received for a bundle checkout, and the credits it gave (rows of CreditEntity). */
@Entity('bundle_purchases')
export class BundlePurchaseEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'checkout_id', type: 'uuid' })
  checkoutId!: string;

  @Column({ name: 'owner_email', type: 'text' })
  ownerEmail!: string;

  @Column({ name: 'bundle_id', type: 'text' })
  bundleId!: string;

  @Column({ type: 'text' })
  plan!: BundlePlan;

  @Column({ type: 'integer' })
  events!: number;

  @Column({ type: 'integer' })
  quantity!: number;

  /** events x quantity. */
  @Column({ type: 'integer' })
  credits!: number;

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'text' })
  currency!: string;

  /** Stripe's PaymentIntent id: what a refund names and what charge.refunded points back to. */
  @Column({ name: 'payment_intent', type: 'text', nullable: true })
  paymentIntent!: string | null;

  @Column({ name: 'paid_at', type: 'timestamptz' })
  paidAt!: Date;

  /** When the unused credits lapse. */
  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'refund_requested_at', type: 'timestamptz', nullable: true })
  refundRequestedAt!: Date | null;

  /** What the refund of the unused credits gives back (pro rata), set when it is asked for. */
  @Column({ name: 'refund_cents', type: 'integer', nullable: true })
  refundCents!: number | null;

  /** When Stripe (or the demo) confirmed that refund. */
  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;
}
