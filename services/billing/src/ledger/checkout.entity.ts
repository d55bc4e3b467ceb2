import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { MailLanguage, PlanId } from '@gallery/contracts';

export type CheckoutState = 'open' | 'paid' | 'cancelled' | 'refunded';

/** One attempt to buy a plan for a gallery: priced from the catalogue when started, paid at most once. */
@Entity('checkouts')
export class CheckoutEntity {
  @PrimaryColumn('uuid')
  id!: string;

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

  @Column({ type: 'text' })
  status!: CheckoutState;

  @Column({ name: 'payment_url', type: 'text' })
  paymentUrl!: string;

  @Column({ type: 'boolean' })
  demo!: boolean;

  /** True when it pays the gallery's own order (a new gallery on a paid plan): one purchase, not an upgrade. */
  @Column({ name: 'new_gallery', type: 'boolean', default: false })
  newGallery!: boolean;

  @Column({ name: 'stripe_session_id', type: 'text', nullable: true })
  stripeSessionId!: string | null;

  /** The owner's address as events gave it: where the receipt goes. */
  @Column({ name: 'customer_email', type: 'text' })
  customerEmail!: string;

  /** The language the owner used when starting the checkout: the mails' language. */
  @Column({ type: 'text' })
  language!: MailLanguage;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'paid_at', type: 'timestamptz', nullable: true })
  paidAt!: Date | null;
}

/** A checkout whose gallery still exists (the only kind the API shows). */
export type GalleryCheckout = CheckoutEntity & { eventCode: string };
