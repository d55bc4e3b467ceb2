import { createHash, randomBytes } from 'node:crypto';
import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  DEFAULT_PRIVACY,
  DEMO_GALLERY,
  DEMO_GALLERY_CODE,
  demoGalleryDates,
  Subjects,
} from '@gallery/contracts';
import { DailyClaim, OutboxRelay, PeriodicTask, recordEvent } from '@gallery/platform';
import { eventCreatedData } from '../galleries/galleries.repository.js';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { galleryName } from '../galleries/gallery-name.js';

/** Whether a reset is due is looked at hourly: the demo is put back within the first hour of each UTC day. */
export const DEMO_GALLERY_CHECK_MS = 60 * 60 * 1000;
/**
 * The days of the demo's resets, claimed under the transaction-scoped advisory lock one replica holds while it
 * resets the demo ("DEMO" in ASCII).
 */
const DEMO_GALLERY_RESETS = new DailyClaim('demo_gallery_resets', 0x44454d4f);
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The demo gallery's side in events (DEMO_GALLERY in the contracts): created at start-up when missing, and put
 * back to its seed once a UTC day: the couple's names, the welcome line, the plan, the settings guests meet, and
 * dates moved along so it is always the day after the wedding and never ends. Nobody owns it: its owner token's
 * hash is of bytes thrown away and it has no order, so no token or sign-in reaches its owner's operations (and
 * the access guard refuses every write naming it anyway). Several replicas: the reset runs under an advisory
 * lock and records its day, so a second replica finds the day done; a reset is idempotent.
 */
@Injectable()
export class DemoGallery implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DemoGallery.name);
  private readonly checks: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {
    this.checks = new PeriodicTask(
      'demo gallery reset',
      DEMO_GALLERY_CHECK_MS,
      () => this.resetIfDue(),
      this.logger,
    );
  }

  /** Seeds a missing demo (and does the day's reset) before the first check's interval. */
  async onApplicationBootstrap(): Promise<void> {
    await this.resetIfDue().catch((error: unknown) =>
      this.logger.warn(`demo gallery not seeded yet: ${(error as Error).message}`),
    );
    this.checks.start();
  }

  onModuleDestroy(): Promise<void> {
    return this.checks.stop();
  }

  /** Puts the demo back to its seed when it is missing or not yet reset on `now`'s UTC day; whether it did. */
  async resetIfDue(now = new Date()): Promise<boolean> {
    const reset = await this.dataSource.transaction(async (manager) => {
      await DEMO_GALLERY_RESETS.lock(manager);
      const missing = !(await manager.existsBy(GalleryEntity, { code: DEMO_GALLERY_CODE }));
      const firstOfDay = await DEMO_GALLERY_RESETS.claim(manager, now);
      if (!missing && !firstOfDay) return false;
      await this.restore(manager, now);
      return true;
    });
    if (reset) {
      this.relay.kick();
      this.logger.log(`demo gallery ${DEMO_GALLERY_CODE} reset to its seed`);
    }
    return reset;
  }

  private async restore(manager: EntityManager, now: Date): Promise<void> {
    const { weddingDate, firstPhotoAt, expiresAt } = demoGalleryDates(now);
    const seed = {
      name: galleryName(DEMO_GALLERY.coupleNames),
      coupleNames: DEMO_GALLERY.coupleNames,
      weddingDate,
      location: DEMO_GALLERY.location,
      plan: DEMO_GALLERY.plan,
      // Ordered a week before the wedding, as a couple would.
      createdAt: new Date(firstPhotoAt.getTime() - 7 * DAY_MS),
      expiresAt,
      language: DEMO_GALLERY.language,
      guestDownloads: false,
      ...DEFAULT_PRIVACY,
      welcomeLine: DEMO_GALLERY.welcomeLine.en,
    };
    const before = await manager.findOneBy(GalleryEntity, { code: DEMO_GALLERY_CODE });
    if (!before) {
      const created: GalleryEntity = {
        code: DEMO_GALLERY_CODE,
        ...seed,
        ownerTokenHash: createHash('sha256').update(randomBytes(32)).digest('hex'),
      };
      await manager.insert(GalleryEntity, created);
      await recordEvent(manager, Subjects.EventCreated, eventCreatedData(created));
      return;
    }
    await manager.update(GalleryEntity, { code: DEMO_GALLERY_CODE }, seed);
    await manager.query(
      `UPDATE events SET pin_hash = NULL, ending_mailed_at = NULL, reminder_mailed_at = NULL WHERE code = $1`,
      [DEMO_GALLERY_CODE],
    );
    await manager.query('DELETE FROM challenges WHERE event_code = $1', [DEMO_GALLERY_CODE]);
    // The other services follow the new expiry (and a plan put back) as they follow a new wedding date.
    if (before.plan !== seed.plan || before.expiresAt.getTime() !== expiresAt.getTime()) {
      await recordEvent(manager, Subjects.PlanUpgraded, {
        code: DEMO_GALLERY_CODE,
        previousPlan: before.plan,
        plan: seed.plan,
        expiresAt: expiresAt.toISOString(),
        reason: 'wedding-date',
      });
    }
  }
}
