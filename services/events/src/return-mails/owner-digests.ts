import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  ownerDigestHasNews,
  RequestContracts,
  RETURN_MAIL_LIMITS,
  Subjects,
  type OwnerDigestDueData,
} from '@gallery/contracts';
import {
  askService,
  describeError,
  EventBus,
  OutboxRelay,
  PeriodicTask,
  recordEvent,
} from '@gallery/platform';
import { EventsConfig } from '../config/events-config.js';
import { RETURN_MAILS_INTERVAL_MS } from './photos-ready-mail-queue.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

interface Candidate {
  code: string;
  photo_approval: boolean;
  expires_at: Date;
  owner_mails_off: string[];
  backup_stopped: boolean;
}

/**
 * The couple's daily digest, while something waits for them: photos and guestbook messages awaiting approval
 * (media counts them, asked over NATS), storage ending within RETURN_MAIL_LIMITS.storageEndingDays, a backup that
 * stopped because the gallery left Premium: each a part the couple may turn off (OWNER_DIGEST_PARTS). From
 * RETURN_MAIL_LIMITS.digestHourUtc on, each gallery with news in a part its couple wants gets one per UTC day: the (gallery, day) row is the key, inserted in the transaction that
 * records `event.owner-digest-due`, so a second replica's insert finds it and queues nothing.
 */
@Injectable()
export class OwnerDigests implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(OwnerDigests.name);
  private readonly task: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(EventsConfig) config: EventsConfig,
  ) {
    this.task = new PeriodicTask(
      'owner digests',
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

  /** Queues the day's digests due at `now`; how many it queued. */
  async queueDue(now = new Date()): Promise<number> {
    if (now.getUTCHours() < RETURN_MAIL_LIMITS.digestHourUtc) return 0;
    const day = now.toISOString().slice(0, 10);
    const endingBy = new Date(now.getTime() + RETURN_MAIL_LIMITS.storageEndingDays * DAY_MS);
    const candidates: Candidate[] = await this.dataSource.query(
      `SELECT e.code, e.photo_approval, e.expires_at, e.owner_mails_off,
              (e.backup_stopped_at IS NOT NULL AND e.plan <> 'premium') AS backup_stopped
       FROM events e
       WHERE e.expires_at > $1
         AND NOT EXISTS (SELECT 1 FROM owner_digests d WHERE d.event_code = e.code AND d.day = $2)
         AND ((e.photo_approval AND NOT e.owner_mails_off @> ARRAY['waitingPhotos', 'waitingMessages'])
              OR (e.expires_at <= $3 AND NOT 'storageEnding' = ANY(e.owner_mails_off))
              OR (e.backup_stopped_at IS NOT NULL AND e.plan <> 'premium'
                  AND NOT 'backupStopped' = ANY(e.owner_mails_off)))
       ORDER BY e.code
       LIMIT $4`,
      [now, day, endingBy, BATCH],
    );
    let queued = 0;
    for (const gallery of candidates) {
      const facts = await this.factsOf(gallery, day, endingBy);
      if (!facts || !ownerDigestHasNews(facts)) continue;
      if (await this.queue(facts)) queued++;
    }
    if (queued > 0) {
      this.logger.log(`queued ${queued} owner digests`);
      this.relay.kick();
    }
    return queued;
  }

  /** What waits in `gallery`; null when media did not answer (the next run asks again). */
  private async factsOf(gallery: Candidate, day: string, endingBy: Date): Promise<OwnerDigestDueData | null> {
    let waiting = { photos: 0, messages: 0 };
    const off = new Set(gallery.owner_mails_off);
    if (gallery.photo_approval && !(off.has('waitingPhotos') && off.has('waitingMessages'))) {
      try {
        waiting = await askService(
          this.bus,
          RequestContracts.ReviewWaiting,
          { code: gallery.code },
          this.logger,
        );
      } catch (error) {
        this.logger.warn(`digest of ${gallery.code} waits for media: ${describeError(error)}`);
        return null;
      }
    }
    return withoutPartsOff(
      {
        code: gallery.code,
        day,
        waitingPhotos: waiting.photos,
        waitingMessages: waiting.messages,
        storageEndsAt: gallery.expires_at <= endingBy ? gallery.expires_at.toISOString() : null,
        backupStopped: gallery.backup_stopped,
      },
      new Set(gallery.owner_mails_off),
    );
  }

  /** Records the day's digest once: false when another replica (or an earlier run) already did. */
  private queue(facts: OwnerDigestDueData): Promise<boolean> {
    return this.dataSource.transaction(async (manager) => {
      const inserted: unknown[] = await manager.query(
        `INSERT INTO owner_digests (event_code, day) VALUES ($1, $2)
         ON CONFLICT DO NOTHING RETURNING event_code`,
        [facts.code, facts.day],
      );
      if (inserted.length === 0) return false;
      await recordEvent(manager, Subjects.OwnerDigestDue, facts);
      return true;
    });
  }
}

/** The digest's facts with the parts the couple turned off left out (`off`: their owner_mails_off). */
export function withoutPartsOff<T extends OwnerDigestDueData>(facts: T, off: ReadonlySet<string>): T {
  return {
    ...facts,
    waitingPhotos: off.has('waitingPhotos') ? 0 : facts.waitingPhotos,
    waitingMessages: off.has('waitingMessages') ? 0 : facts.waitingMessages,
    storageEndsAt: off.has('storageEnding') ? null : facts.storageEndsAt,
    backupStopped: off.has('backupStopped') ? false : facts.backupStopped,
  };
}
