import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BundlePlan, MailLanguage } from '@gallery/contracts';

export type BundleCheckoutState = 'open' | 'paid' | 'cancelled';

/** One attempt by a signed-in owner to buy bundles: priced from the catalogue when started, paid at most once. */
@Entity('bundle_checkouts')
export class BundleCheckoutEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** The owner session's email as events gave it: whose credits these become, and where the receipt goes. */
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

  @Column({ name: 'amount_cents', type: 'integer' })
  amountCents!: number;

  @Column({ type: 'text' })
  currency!: string;

  @Column({ type: 'text' })
  status!: BundleCheckoutState;

  @Column({ name: 'payment_url', type: 'text' })
  paymentUrl!: string;

  @Column({ type: 'boolean' })
  demo!: boolean;

  @Column({ name: 'stripe_session_id', type: 'text', nullable: true })
  stripeSessionId!: string | null;

  @Column({ type: 'text' })
  language!: MailLanguage;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;
}
