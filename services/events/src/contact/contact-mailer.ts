import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { describeError, Mailer, PeriodicTask } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { contactMail } from './contact-mail.js';
import { ContactMessageEntity } from './contact-message.entity.js';

/** How often stored messages that could not be mailed yet are tried again. */
export const CONTACT_MAIL_POLL_MS = 15_000;
/** Wait before the next try of a refused mail: doubles with each attempt, at most an hour. */
export function contactRetryDelayMs(attempts: number): number {
  return Math.min(60 * 60 * 1000, 30_000 * 2 ** Math.max(0, attempts - 1));
}

/**
 * Mails stored contact messages to the team. A message is written to PostgreSQL first and mailed afterwards, so
 * a mail server that is down loses nothing: the message waits and is tried again. Rows are claimed with
 * SKIP LOCKED, so several replicas never mail the same message at once.
 */
@Injectable()
export class ContactMailer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(ContactMailer.name);
  /** Tries again what is waiting, every CONTACT_MAIL_POLL_MS, one run at a time. */
  private readonly polls = new PeriodicTask(
    'contact mail',
    CONTACT_MAIL_POLL_MS,
    () => this.mailWaiting(),
    this.logger,
  );
  private draining: Promise<void> | undefined;
  private again = false;
  private stopped = false;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {}

  onApplicationBootstrap(): void {
    if (!this.mailer) {
      this.logger.warn('SMTP_URL is not set: contact messages are stored but not mailed');
      return;
    }
    this.polls.start(0);
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    await this.polls.stop();
    await this.draining;
  }

  /** Mails what is waiting, and is done when it has. */
  private mailWaiting(): Promise<void> {
    this.wake();
    return this.draining ?? Promise.resolve();
  }

  /** Mails what is waiting now; called after each new message and by the polls. */
  wake(): void {
    if (!this.mailer || this.stopped) return;
    if (this.draining) {
      this.again = true;
      return;
    }
    this.draining = this.drain().finally(() => {
      this.draining = undefined;
      if (this.again) {
        this.again = false;
        this.wake();
      }
    });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const sent = await this.sendNext().catch((error: unknown) => {
        this.logger.warn(`contact mail: ${describeError(error)}`);
        return false;
      });
      if (!sent) return;
    }
  }

  /** Claims one due message and mails it; false when none is due (or the send failed). */
  private async sendNext(): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const rows: Array<{ id: string }> = await manager.query(
        `SELECT id FROM contact_messages WHERE mailed_at IS NULL AND next_attempt_at <= now()
         ORDER BY next_attempt_at LIMIT 1 FOR UPDATE SKIP LOCKED`,
      );
      if (rows.length === 0) return false;
      const message = await manager.findOneByOrFail(ContactMessageEntity, { id: rows[0].id });
      const attempts = message.mailAttempts + 1;
      try {
        await this.mailer!.send(contactMail(this.config.contactTo, message));
      } catch (error) {
        await manager.update(ContactMessageEntity, message.id, {
          mailAttempts: attempts,
          nextAttemptAt: new Date(Date.now() + contactRetryDelayMs(attempts)),
        });
        this.logger.warn(`contact message ${message.id} not mailed yet: ${describeError(error)}`);
        return false;
      }
      await manager.update(ContactMessageEntity, message.id, {
        mailAttempts: attempts,
        mailedAt: new Date(),
      });
      return true;
    });
  }
}
