import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { RETURN_MAIL_LIMITS, Subjects } from '@gallery/contracts';
import { OutboxRelay, PeriodicTask, recordEvent } from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';

/** Due mails are looked for every minute: a reveal's mail goes within a minute of the moment. */
export const RETURN_MAILS_INTERVAL_MS = 60 * 1000;
const BATCH = 200;

/**
 * Queues each guest's photos-ready mail when it is due: at the gallery's reveal time when it has one, else at
 * RETURN_MAIL_LIMITS.morningHour in the guest's own time zone on the day after the wedding day (or after the day
 * they asked, when later). A request is claimed with FOR UPDATE SKIP LOCKED and marked queued in the transaction
 * that records `event.photos-ready-mail-due`, so however many replicas run, each mail is queued once; the mail
 * consumer sends it.
 */
@Injectable()
export class PhotosReadyMailQueue implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(PhotosReadyMailQueue.name);
  private readonly task: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EventsConfig) config: EventsConfig,
  ) {
    this.task = new PeriodicTask(
      'photos-ready mails',
      config.returnMailsIntervalMs ?? RETURN_MAILS_INTERVAL_MS,
      () => this.queueDue(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.task.stop();
  }

  /** Queues every mail due at `now` (the server's clock); how many it queued. */
  async queueDue(now = new Date()): Promise<number> {
    const queued = await this.dataSource.transaction(async (manager) => {
      const [claimed] = (await manager.query(
        `WITH due AS (
           SELECT r.id FROM photos_ready_requests r JOIN events e ON e.code = r.event_code
           WHERE r.queued_at IS NULL AND r.email IS NOT NULL AND (
             (e.photo_visibility = 'reveal' AND e.reveal_at <= $1)
             OR (e.photo_visibility <> 'reveal' AND $1 >= (
               (greatest(e.wedding_date, (r.created_at AT TIME ZONE r.time_zone)::date) + 1)
                 + make_time($3, 0, 0)) AT TIME ZONE r.time_zone))
           ORDER BY r.created_at
           LIMIT $2
           FOR UPDATE OF r SKIP LOCKED)
         UPDATE photos_ready_requests r SET queued_at = $1 FROM due WHERE r.id = due.id
         RETURNING r.id, r.event_code`,
        [now, BATCH, RETURN_MAIL_LIMITS.morningHour],
      )) as [{ id: string; event_code: string }[], number];
      for (const row of claimed) {
        await recordEvent(manager, Subjects.PhotosReadyMailDue, { code: row.event_code, requestId: row.id });
      }
      return claimed.length;
    });
    if (queued > 0) {
      this.logger.log(`queued ${queued} photos-ready mails`);
      this.relay.kick();
    }
    return queued;
  }
}
