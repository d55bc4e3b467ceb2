import { Column, Entity, Index, PrimaryColumn } from 'typeorm';
import type { MailLanguage, PlanId } from '@gallery/contracts';
import type { OrderStatus } from './order-status.js';

/** What the couple asked for on the order form, kept apart from the gallery so billing can upgrade it later. */
@Entity('orders')
export class OrderEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Index('orders_event_code')
  @Column({ name: 'event_code', type: 'text' })
  eventCode!: string;

  @Column({ name: 'couple_names', type: 'text' })
  coupleNames!: string;

  @Column({ name: 'wedding_date', type: 'date' })
  weddingDate!: string;

  @Column('text')
  location!: string;

  @Column('text')
  email!: string;

  @Column('text')
  phone!: string;

  @Column({ name: 'requested_plan', type: 'text' })
  requestedPlan!: PlanId;

  @Column('text')
  status!: OrderStatus;

  /** The language the order form was filled in: the order confirmation is written in it. */
  @Column('text')
  language!: MailLanguage;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
