import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  galleryEndingMail,
  galleryPath,
  GRACE_PERIOD_DAYS,
  PURGE_REMINDER_DAYS,
  UNPAID_ORDER_HOURS,
  type MailLanguage,
} from '@gallery/contracts';
import { describeError, Mailer, PeriodicTask } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { GalleryPurge } from './gallery-purge.js';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
/** Endings are looked for every ten minutes: a mail or a purge is at most that late. */
export const GALLERY_ENDINGS_INTERVAL_MS = 10 * 60 * 1000;
const BATCH = 100;

interface EndingRow {
  code: string;
  expires_at: Date;
  email: string;
  language: MailLanguage;
  gallery_language: MailLanguage;
}

/**
 * The end of a gallery. When its storage period ends, uploads close (media refuses them past expiresAt) and
 * the couple is mailed that Download All stays open for GRACE_PERIOD_DAYS; PURGE_REMINDER_DAYS before the end
 * of that grace period a reminder goes out; then the gallery is purged (GalleryPurge: `event.expired`).
 * A mail that fails is tried again on the next run; without SMTP_URL no mail goes, the purge still does.
 * A gallery ordered on a paid plan and still unpaid UNPAID_ORDER_HOURS after its order is purged the same way
 * (an abandoned checkout leaves nothing behind).
 */
@Injectable()
export class GalleryEndings implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(GalleryEndings.name);
  private readonly runs: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GalleryPurge) private readonly purge: GalleryPurge,
    @Inject(EventsConfig) private readonly config: EventsConfig,
    @Inject(Mailer) private readonly mailer: Mailer | null,
  ) {
    this.runs = new PeriodicTask(
      'gallery endings',
      config.galleryEndingsIntervalMs ?? GALLERY_ENDINGS_INTERVAL_MS,
      () => this.runOnce(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.runs.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.runs.stop();
  }

  /** Sends the due mails and purges the galleries whose grace period is over; what it did. */
  async runOnce(now = new Date()): Promise<{ ended: number; reminded: number; purged: number }> {
    const grace = GRACE_PERIOD_DAYS * DAY_MS;
    const reminderAt = (GRACE_PERIOD_DAYS - PURGE_REMINDER_DAYS) * DAY_MS;
    const purgeDue: { code: string }[] = await this.dataSource.query(
      'SELECT code FROM events WHERE expires_at <= $1 LIMIT $2',
      [new Date(now.getTime() - grace), BATCH],
    );
    let purged = 0;
    for (const { code } of purgeDue) if (await this.purge.purge(code, 'expired')) purged++;
    // An abandoned checkout: the gallery of an order never paid goes with its order, as if never ordered.
    const unpaid: { code: string }[] = await this.dataSource.query(
      `SELECT e.code FROM events e JOIN orders o ON o.event_code = e.code
       WHERE o.status = 'awaiting_payment' AND o.created_at <= $1 LIMIT $2`,
      [new Date(now.getTime() - UNPAID_ORDER_HOURS * HOUR_MS), BATCH],
    );
    for (const { code } of unpaid) if (await this.purge.purge(code, 'deleted')) purged++;
    const ended = await this.mailDue('ending_mailed_at', now, now, false);
    const reminded = await this.mailDue(
      'reminder_mailed_at',
      new Date(now.getTime() - reminderAt),
      now,
      true,
    );
    return { ended, reminded, purged };
  }

  private async mailDue(
    column: 'ending_mailed_at' | 'reminder_mailed_at',
    expiredBefore: Date,
    now: Date,
    reminder: boolean,
  ): Promise<number> {
    const due: EndingRow[] = await this.dataSource.query(
      `SELECT e.code, e.expires_at, o.email, o.language, e.language AS gallery_language
       FROM events e JOIN orders o ON o.event_code = e.code
       WHERE e.expires_at <= $1 AND e.${column} IS NULL LIMIT $2`,
      [expiredBefore, BATCH],
    );
    let sent = 0;
    for (const row of due) if (await this.mailOnce(row, column, now, reminder)) sent++;
    return sent;
  }

  /**
   * One gallery's mail, sent by one replica: the row is locked while the mail goes and marked in the same
   * transaction, and a replica that finds it locked or marked skips it. A failed send rolls back, so the next
   * run tries again. (A process that dies between the send and the commit sends it again, as the other mails.)
   */
  private async mailOnce(
    row: EndingRow,
    column: 'ending_mailed_at' | 'reminder_mailed_at',
    now: Date,
    reminder: boolean,
  ): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const claimed: unknown[] = await manager.query(
        `SELECT code FROM events WHERE code = $1 AND ${column} IS NULL FOR UPDATE SKIP LOCKED`,
        [row.code],
      );
      if (claimed.length === 0) return false;
      if (this.mailer) {
        const purgeDay = new Date(row.expires_at.getTime() + GRACE_PERIOD_DAYS * DAY_MS)
          .toISOString()
          .slice(0, 10);
        const mail = galleryEndingMail(row.language, {
          code: row.code,
          galleryUrl: `${this.config.publicUrl}${galleryPath(row.code, row.gallery_language)}`,
          purgeDay,
          reminder,
        });
        try {
          await this.mailer.send({ to: row.email, ...mail });
        } catch (error) {
          this.logger.warn(
            `gallery ${row.code} ending mail not sent, retrying later: ${describeError(error)}`,
          );
          return false;
        }
      }
      // Once mailed (or with no mail configured), the row is marked so the mail goes once.
      await manager.query(`UPDATE events SET ${column} = $2 WHERE code = $1`, [row.code, now]);
      return true;
    });
  }
}
