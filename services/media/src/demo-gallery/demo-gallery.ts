import { readFile } from 'node:fs/promises';
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
  type DemoGuestbookMessage,
} from '@gallery/contracts';
import { DailyClaim, PeriodicTask } from '@gallery/platform';
import { GalleryEntity } from '../galleries/gallery.entity.js';
import { ImageProcessor } from '../images/image-processor.js';
import { PhotoEntity } from '../photos/photo.entity.js';
import { DERIVED_IMAGE_TYPE } from '../storage/photo-object-keys.js';
import { ObjectStorage } from '../storage/object-storage.js';
import { StorageDeletions } from '../storage/storage-deletions.js';
import { DEMO_PHOTOS, DEMO_PHOTOS_FOLDER, type DemoPhoto } from './demo-photos.js';

/** Whether a reset is due is looked at hourly: the demo is put back within the first hour of each UTC day. */
export const DEMO_GALLERY_CHECK_MS = 60 * 60 * 1000;
/**
 * The days of the demo's resets, claimed under the transaction-scoped advisory lock one replica holds while it
 * resets the demo ("DEMO" in ASCII).
 */
const DEMO_GALLERY_RESETS = new DailyClaim('demo_gallery_resets', 0x44454d4f);
const MINUTE_MS = 60 * 1000;

/** A seed photo's objects: the drawing is both its original and its guest copy (it carries no metadata). */
const seedKeys = (photo: DemoPhoto) => ({
  original: `photos/${photo.id}/seed/original`,
  thumbnail: `photos/${photo.id}/seed/thumbnail.jpg`,
  preview: `photos/${photo.id}/seed/preview.jpg`,
});

interface SeedImage {
  photo: DemoPhoto;
  size: number;
  width: number;
  height: number;
  quality: { sharpness: number; brightness: number; highlights: number; perceptualHash: string };
}

/**
 * The demo gallery's side in media (DEMO_GALLERY in the contracts, DEMO_PHOTOS here): its photos with their
 * thumbnails and previews, a few guests' hearts, the guestbook's messages, the cover, and media's read model of
 * it. Seeded at start-up when missing and put back once a UTC day: photos not of the seed go, the seed's come
 * back as they were. The objects are written before the rows (the same keys each time, so writing them again
 * changes nothing); the rows under an advisory lock, with the day recorded, so a second replica finds it done.
 */
@Injectable()
export class DemoGallery implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(DemoGallery.name);
  private readonly checks: PeriodicTask;

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(ObjectStorage) private readonly storage: ObjectStorage,
    @Inject(ImageProcessor) private readonly images: ImageProcessor,
    @Inject(StorageDeletions) private readonly deletions: StorageDeletions,
  ) {
    this.checks = new PeriodicTask(
      'demo gallery reset',
      DEMO_GALLERY_CHECK_MS,
      () => this.resetIfDue(),
      this.logger,
    );
  }

  /**
   * The first look runs at once but does not hold the start-up: drawing the seed's images costs about a second of
   * CPU (docs/demo-gallery.md), and a service that is up serves every other gallery meanwhile.
   */
  onApplicationBootstrap(): void {
    this.checks.start(0);
  }

  onModuleDestroy(): Promise<void> {
    return this.checks.stop();
  }

  /** Puts the demo back to its seed when a seed photo is missing or `now`'s UTC day has had no reset; whether it did. */
  async resetIfDue(now = new Date()): Promise<boolean> {
    if (!(await this.due(this.dataSource.manager, now))) return false;
    const images = await this.writeObjects();
    const reset = await this.dataSource.transaction(async (manager) => {
      await DEMO_GALLERY_RESETS.lock(manager);
      if (!(await this.due(manager, now))) return false;
      await DEMO_GALLERY_RESETS.claim(manager, now);
      await this.restore(manager, images, now);
      return true;
    });
    if (reset)
      this.logger.log(`demo gallery ${DEMO_GALLERY_CODE}: photos, hearts and guestbook reset to their seed`);
    return reset;
  }

  private async due(manager: EntityManager, now: Date): Promise<boolean> {
    const [row]: { seeded: number }[] = await manager.query(
      'SELECT count(*)::int AS seeded FROM photos WHERE id = ANY($1::uuid[]) AND event_code = $2',
      [DEMO_PHOTOS.map((photo) => photo.id), DEMO_GALLERY_CODE],
    );
    return row.seeded < DEMO_PHOTOS.length || !(await DEMO_GALLERY_RESETS.claimed(manager, now));
  }

  /** Each drawing, its thumbnail and preview, written under the seed's keys; what the rows need of them. */
  private async writeObjects(): Promise<SeedImage[]> {
    const written: SeedImage[] = [];
    for (const photo of DEMO_PHOTOS) {
      const original = await readFile(new URL(photo.file, DEMO_PHOTOS_FOLDER));
      const source = await this.images.atPreviewSize(await this.images.source(original, { heif: false }));
      try {
        const [{ thumbnail, quality }, preview] = await Promise.all([
          this.images.thumbnailAndQuality(source),
          this.images.preview(source),
        ]);
        const keys = seedKeys(photo);
        await this.storage.write(keys.original, original, 'image/jpeg');
        await this.storage.write(keys.thumbnail, thumbnail, DERIVED_IMAGE_TYPE);
        await this.storage.write(keys.preview, preview, DERIVED_IMAGE_TYPE);
        written.push({
          photo,
          size: original.length,
          width: source.width,
          height: source.height,
          quality: { ...quality, perceptualHash: quality.perceptualHash.toString() },
        });
      } finally {
        source.release?.();
      }
    }
    return written;
  }

  private async restore(manager: EntityManager, images: SeedImage[], now: Date): Promise<void> {
    const { firstPhotoAt, expiresAt } = demoGalleryDates(now);
    const at = (minute: number) => new Date(firstPhotoAt.getTime() + minute * MINUTE_MS);
    const seedIds = DEMO_PHOTOS.map((photo) => photo.id);
    // Anything else in the demo goes, its objects with it (a photo's row returns every key it had).
    type Keys = { original_key: string; thumbnail_key: string | null; preview_key: string | null };
    // A DELETE's answer is its returned rows and its count.
    const [others] = (await manager.query(
      `DELETE FROM photos WHERE event_code = $1 AND NOT (id = ANY($2::uuid[]))
       RETURNING original_key, thumbnail_key, preview_key`,
      [DEMO_GALLERY_CODE, seedIds],
    )) as [Keys[], number];
    await this.deletions.schedule(
      others.flatMap((row) => [row.original_key, row.thumbnail_key, row.preview_key]).filter(isKey),
      now,
      manager,
    );
    await manager.query('DELETE FROM uploads WHERE event_code = $1', [DEMO_GALLERY_CODE]);
    // A purge (or the removal of a seed photo) may have queued the seed's own keys: they stay.
    await this.deletions.keep(
      manager,
      DEMO_PHOTOS.flatMap((photo) => Object.values(seedKeys(photo))),
    );

    const rows: PhotoEntity[] = images.map(({ photo, size, width, height, quality }) => {
      const keys = seedKeys(photo);
      return {
        id: photo.id,
        eventCode: DEMO_GALLERY_CODE,
        originalKey: keys.original,
        guestOriginalKey: keys.original,
        guestCopyPending: false,
        thumbnailKey: keys.thumbnail,
        previewKey: keys.preview,
        previewPending: false,
        fileName: photo.file,
        contentType: 'image/jpeg',
        size,
        width,
        height,
        kind: 'photo',
        durationSeconds: null,
        guestName: photo.guestName,
        challengeId: null,
        tableNumber: null,
        uploaderId: demoGuest(photo.guestName),
        heartCount: photo.hearts,
        review: 'approved',
        ...quality,
        duplicateGroup: null,
        createdAt: at(photo.minute),
      };
    });
    await manager.upsert(PhotoEntity, rows, ['id']);

    await manager.query('DELETE FROM hearts WHERE event_code = $1', [DEMO_GALLERY_CODE]);
    const hearts = DEMO_PHOTOS.flatMap((photo) =>
      Array.from({ length: photo.hearts }, (_, guest) => [photo.id, `demo-guest-${guest + 1}`]),
    );
    await manager.query(
      `INSERT INTO hearts (photo_id, guest_id, event_code, created_at)
       SELECT photo_id, guest_id, $3, $4 FROM unnest($1::uuid[], $2::text[]) AS heart (photo_id, guest_id)`,
      [hearts.map(([photo]) => photo), hearts.map(([, guest]) => guest), DEMO_GALLERY_CODE, at(180)],
    );

    await manager.query('DELETE FROM guestbook_messages WHERE event_code = $1', [DEMO_GALLERY_CODE]);
    const messages: readonly DemoGuestbookMessage[] = DEMO_GALLERY.guestbook;
    for (const message of messages) {
      await manager.query(
        `INSERT INTO guestbook_messages (id, event_code, guest_id, guest_name, text, created_at, review)
         VALUES ($1, $2, $3, $4, $5, $6, 'approved')`,
        [
          message.id,
          DEMO_GALLERY_CODE,
          demoGuest(message.guestName),
          message.guestName,
          message.text.en,
          at(message.minute),
        ],
      );
    }

    // Media's read model of the demo, whether or not event.created has reached it yet (that insert then keeps it).
    const gallery: GalleryEntity = {
      code: DEMO_GALLERY_CODE,
      plan: DEMO_GALLERY.plan,
      expiresAt,
      photoCount: DEMO_PHOTOS.length,
      readOnly: false,
      uploadsOpenAt: DEFAULT_PRIVACY.uploadsOpenAt,
      uploadsCloseAt: DEFAULT_PRIVACY.uploadsCloseAt,
      guestOriginals: DEFAULT_PRIVACY.guestOriginals,
      visibility: DEFAULT_PRIVACY.visibility,
      revealAt: DEFAULT_PRIVACY.revealAt,
      approval: DEFAULT_PRIVACY.approval,
      withheldCount: 0,
      ownerDownloadsKeepMetadata: DEFAULT_PRIVACY.ownerDownloadsKeepMetadata,
      revealedFor: null,
      fullAnnouncedAt: null,
      coverPhotoId: DEMO_PHOTOS[0].id,
    };
    await manager.upsert(GalleryEntity, gallery, ['code']);
  }
}

/** The guest identity a seeded photo, heart or message has: no browser's, so no visitor's "my photos". */
function demoGuest(name: string): string {
  return `demo-guest-${name.toLowerCase().replace(/[^a-z]+/g, '-')}`;
}

function isKey(key: string | null): key is string {
  return key !== null;
}
