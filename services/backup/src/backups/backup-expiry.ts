import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import { Subjects } from '@gallery/contracts';
import { OutboxRelay, PeriodicTask, recordEvent } from '@gallery/platform';
import { BackupRepository } from './backup-repository.js';

/** How often backups of galleries whose storage ended are stopped. */
const EXPIRY_SWEEP_MS = 60 * 1000;

/**
 * Stops the backups of galleries whose storage has ended (their plan's year is over): nothing new is copied, and
 * `backup.stopped` has events mail the couple that what was copied stays theirs. The gallery itself is purged
 * later (event.expired), which deletes the destination and its credentials.
 */
@Injectable()
export class BackupExpiry implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(BackupExpiry.name);
  private readonly sweeps = new PeriodicTask(
    'expiry sweep',
    EXPIRY_SWEEP_MS,
    () => this.sweep(),
    this.logger,
  );

  constructor(
    @Inject(DataSource) private readonly db: DataSource,
    @Inject(BackupRepository) private readonly repository: BackupRepository,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    this.sweeps.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.sweeps.stop();
  }

  /** Stops every backup whose gallery's storage ended by `now`; how many. */
  async sweep(now = new Date()): Promise<number> {
    const stopped = await this.db.transaction(async (manager) => {
      const destinations = await this.repository.stopExpired(manager, now);
      for (const destination of destinations) {
        await recordEvent(manager, Subjects.BackupStopped, {
          code: destination.eventCode,
          reason: 'expired',
          address: destination.address,
        });
      }
      return destinations.length;
    });
    if (stopped > 0) this.relay.kick();
    return stopped;
  }
}
