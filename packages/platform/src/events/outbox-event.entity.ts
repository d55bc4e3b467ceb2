import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/** A domain event written in the same transaction as the change it describes, waiting to be published. */
@Entity('outbox_events')
@Index('outbox_events_unpublished', ['position'], { where: 'published_at IS NULL' })
export class OutboxEventEntity {
  @PrimaryColumn('uuid')
  id!: string;

  /** Publication order. */
  @Column({ type: 'bigint', generated: 'increment' })
  position!: string;

  @Column('text')
  subject!: string;

  @Column('jsonb')
  envelope!: unknown;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'published_at', type: 'timestamptz', nullable: true })
  publishedAt!: Date | null;
}
