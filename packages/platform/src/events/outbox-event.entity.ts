import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

/**
 * A domain event written in the same transaction as the change it describes, waiting to be published: the relay
 * deletes the row once JetStream has it.
 */
@Entity('outbox_events')
@Index('outbox_events_pending', ['position'], { where: 'parked_at IS NULL' })
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

  /** Failed publish attempts; the last one's reason is in lastError. */
  @Column('integer', { default: 0 })
  attempts!: number;

  /** Set when the event can never be published (see OutboxRelay): the relay skips it from then on. */
  @Column({ name: 'parked_at', type: 'timestamptz', nullable: true })
  parkedAt!: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  /** The request id and trace context of the request that recorded the event, published as NATS headers. */
  @Column({ type: 'jsonb', nullable: true })
  headers!: Record<string, string> | null;
}
