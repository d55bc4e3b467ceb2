import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { BundlePlan, PlanId } from '@gallery/contracts';

/**
 * One event credit: unused, redeemed (it became `eventCode`'s plan) or refunded with its bundle's other unused
 * credits. Never both redeemed and refunded.
 */
@Entity('credits')
export class CreditEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column({ name: 'purchase_id', type: 'uuid' })
  purchaseId!: string;

  @Column({ name: 'owner_email', type: 'text' })
  ownerEmail!: string;

  @Column({ type: 'text' })
  plan!: BundlePlan;

  @Column({ name: 'expires_at', type: 'timestamptz' })
  expiresAt!: Date;

  @Column({ name: 'redeemed_at', type: 'timestamptz', nullable: true })
  redeemedAt!: Date | null;

  /** The gallery it became the plan of; null while unused, and once that gallery is purged. */
  @Column({ name: 'event_code', type: 'text', nullable: true })
  eventCode!: string | null;

  @Column({ name: 'from_plan', type: 'text', nullable: true })
  fromPlan!: PlanId | null;

  @Column({ name: 'refunded_at', type: 'timestamptz', nullable: true })
  refundedAt!: Date | null;
}
