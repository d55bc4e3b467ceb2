import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  HEART_LIMITS,
  heartCountsSchema,
  heartCountsSubject,
  photosSharedWithGuests,
  type PhotoReviewState,
} from '@gallery/contracts';
import { EventBus, PeriodicTask } from '@gallery/platform';
import { GalleryRepository } from '../galleries/gallery.repository.js';

/**
 * Tells open screens about new heart counts, batched: the photos whose hearts changed are noted per gallery and,
 * once per HEART_LIMITS.liveBatchMs, each gallery gets one message with their counts as the database then
 * holds them (two when some of those photos are not every guest's to see: their counts go to the couple only). A hundred taps in a second cost every screen of the gallery one message, not a hundred.
 *
 * A live-only signal on core NATS (as zip progress): a count is a figure to show, not a change other services
 * act on, and a screen that missed one re-reads the gallery when it reconnects. Several replicas each send
 * their own galleries' batches; counts are absolute, so whichever arrives last is right as of when it was read.
 */
@Injectable()
export class HeartCountBroadcaster implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(HeartCountBroadcaster.name);
  private pending = new Map<string, Set<string>>();
  private readonly task: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
  ) {
    this.task = new PeriodicTask(
      'live heart counts',
      HEART_LIMITS.liveBatchMs,
      () => this.flush(),
      this.logger,
    );
  }

  onModuleInit(): void {
    this.task.start();
  }

  async onModuleDestroy(): Promise<void> {
    await this.task.stop();
  }

  /** Notes that a photo's hearts changed: its count goes out with the gallery's next batch. */
  changed(eventCode: string, photoId: string): void {
    let photos = this.pending.get(eventCode);
    if (!photos) {
      photos = new Set();
      this.pending.set(eventCode, photos);
    }
    photos.add(photoId);
  }

  /** Sends each gallery's batch of counts; returns how many messages went out. */
  async flush(): Promise<number> {
    if (this.pending.size === 0) return 0;
    const batches = this.pending;
    this.pending = new Map();
    let sent = 0;
    for (const [eventCode, photoIds] of batches) {
      const ids = [...photoIds];
      const gallery = await this.galleries.find(eventCode);
      const shared = !gallery || photosSharedWithGuests(gallery, new Date());
      for (let start = 0; start < ids.length; start += HEART_LIMITS.countsPerMessage) {
        // A photo removed meanwhile is simply absent: its removal reaches the screens on its own.
        const rows = (await this.dataSource.query(
          'SELECT id, heart_count, review FROM photos WHERE id = ANY($1::uuid[])',
          [ids.slice(start, start + HEART_LIMITS.countsPerMessage)],
        )) as { id: string; heart_count: number; review: PhotoReviewState }[];
        // What every guest sees goes to every screen; the rest to the couple's only (the gateway's reach), so
        // no guest learns of a photo they may not see.
        const forGuests = rows.filter((row) => shared && row.review === 'approved');
        const forCouple = rows.filter((row) => !forGuests.includes(row));
        for (const [audience, counted] of [
          [true, forGuests],
          [false, forCouple],
        ] as const) {
          if (counted.length === 0 || !this.bus.isConnected) continue;
          const message = heartCountsSchema.parse({
            eventCode,
            forGuests: audience,
            counts: counted.map((row) => ({ photoId: row.id, heartCount: row.heart_count })),
          });
          this.bus.nc.publish(heartCountsSubject(eventCode), JSON.stringify(message));
          sent++;
        }
      }
    }
    return sent;
  }
}
