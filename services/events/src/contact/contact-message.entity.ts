import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A message from the contact page, kept until it has been mailed to the team (and afterwards, as a record). */
@Entity('contact_messages')
export class ContactMessageEntity {
  @PrimaryColumn('uuid')
  id!: string;

  @Column('text')
  name!: string;

  @Column('text')
  email!: string;

  @Column('text')
  subject!: string;

  @Column('text')
  message!: string;

  @Column('text')
  language!: string;

  @Column({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  /** Null until the mail to the team was accepted by the SMTP server. */
  @Column({ name: 'mailed_at', type: 'timestamptz', nullable: true })
  mailedAt!: Date | null;

  @Column({ name: 'mail_attempts', type: 'int', default: 0 })
  mailAttempts!: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz' })
  nextAttemptAt!: Date;
}
