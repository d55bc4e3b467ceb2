import { Column, Entity, PrimaryColumn } from 'typeorm';
import type { CustomDomainFailure, CustomDomainState } from '@gallery/contracts';

/** A gallery's own host name and where its DNS check stands. */
@Entity('custom_domains')
export class CustomDomainEntity {
  @PrimaryColumn({ name: 'event_code', type: 'text' })
  eventCode!: string;

  @Column('text')
  host!: string;

  /** Published in the TXT record, so not a secret: it only proves whoever set the record read this page. */
  @Column('text')
  token!: string;

  @Column('text')
  state!: CustomDomainState;

  @Column({ type: 'text', nullable: true })
  failure!: CustomDomainFailure | null;

  /** What the failed lookup found instead (the CNAME's target), shown to the couple. */
  @Column({ type: 'text', nullable: true })
  found!: string | null;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'checked_at', type: 'timestamptz', nullable: true })
  checkedAt!: Date | null;

  @Column({ name: 'verified_at', type: 'timestamptz', nullable: true })
  verifiedAt!: Date | null;
}
