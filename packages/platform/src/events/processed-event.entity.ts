import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Marks an event as handled by one consumer; written in the same transaction as the handler's effect. */
@Entity('processed_events')
export class ProcessedEventEntity {
  @PrimaryColumn('text')
  consumer!: string;

  @PrimaryColumn({ name: 'event_id', type: 'uuid' })
  eventId!: string;

  @Column({ name: 'processed_at', type: 'timestamptz', default: () => 'now()' })
  processedAt!: Date;
}
