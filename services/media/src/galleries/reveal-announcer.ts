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
import { GalleryEntity } from './gallery.entity.js';

/** How late a reveal may reach open screens: a couple waiting for the moment notices more than a few seconds. */
export const REVEAL_CHECK_INTERVAL_MS = 2000;
/** Galleries announced per run. */
const REVEAL_BATCH = 100;

/**
 * Tells open screens when a gallery's reveal time has come (photo.revealed, through the outbox): their guests
 * then load the photos that were hidden from them. The server's clock decides, never a browser's. Which reveal
 * time was announced is kept on the gallery (revealed_for), so each moment is announced once, also across a
 * restart, and a new reveal time is announced again. Rows another replica holds are skipped.
 *
 * Nothing else changes at the moment: every path already asks photosSharedWithGuests with the time of the request.
 */
@Injectable()
export class RevealAnnouncer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(RevealAnnouncer.name);
  private readonly task: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {
    this.task = new PeriodicTask(
      'reveal announcement',
      REVEAL_CHECK_INTERVAL_MS,
      () => this.announceDue(),
      this.logger,
    );
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** Announces every reveal whose time has passed and was not announced yet; how many it announced. */
  async announceDue(now = new Date()): Promise<number> {
    const announced = await this.dataSource.transaction(async (manager) => {
      const due = await manager
        .createQueryBuilder(GalleryEntity, 'gallery')
        .where("gallery.photo_visibility = 'reveal'")
        .andWhere('gallery.reveal_at <= :now', { now })
        .andWhere('gallery.revealed_for IS DISTINCT FROM gallery.reveal_at')
        .limit(REVEAL_BATCH)
        .setLock('pessimistic_write')
        .setOnLocked('skip_locked')
        .getMany();
      for (const gallery of due) {
        await recordEvent(manager, Subjects.PhotosRevealed, {
          code: gallery.code,
          revealAt: gallery.revealAt!.toISOString(),
        });
        await manager.update(GalleryEntity, { code: gallery.code }, { revealedFor: gallery.revealAt });
      }
      return due.length;
    });
    if (announced > 0) {
      this.logger.log(`announced ${announced} reveals`);
      this.relay.kick();
    }
    return announced;
  }
}
