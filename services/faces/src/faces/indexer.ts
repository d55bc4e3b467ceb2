import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { Subjects } from '@gallery/contracts';
import { facesIndexBacklog, OutboxRelay, recordEvent } from '@gallery/platform';
import { FacesConfig } from '../config/faces-config.js';
import { FaceEngineProvider } from '../engine/face-engine.provider.js';
import { FaceRecords, type QueuedPhoto } from './face-records.js';
import { MediaRequests } from './media-requests.js';
import { PreviewReader } from './preview-reader.js';

/** A photo that failed this many times (storage or media down) is given up: its gallery works without it. */
const MAX_ATTEMPTS = 5;

/**
 * Looks at queued photos for faces, one at a time per replica (the engine's own queue): each photo's preview is
 * read from the media bucket, its faces recorded, `photo.faces-counted` recorded in the outbox (media's
 * Highlights weigh it) and the photo taken off the queue in one transaction. Works while there is work, then
 * looks again every `indexPollMs`.
 */
@Injectable()
export class Indexer implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger(Indexer.name);
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> = Promise.resolve();
  private wake: (() => void) | undefined;

  constructor(
    @Inject(FacesConfig) private readonly config: FacesConfig,
    @Inject(FaceRecords) private readonly records: FaceRecords,
    @Inject(FaceEngineProvider) private readonly engine: FaceEngineProvider,
    @Inject(PreviewReader) private readonly previews: PreviewReader,
    @Inject(MediaRequests) private readonly media: MediaRequests,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.loop();
  }

  async onModuleDestroy(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    this.wake?.();
    await this.running;
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      let worked = false;
      try {
        facesIndexBacklog.set(await this.records.backlog());
        worked = await this.records.takeNext((photo, manager) => this.index(photo, manager));
        if (worked) this.relay.kick();
      } catch (error) {
        this.logger.warn(`indexing failed: ${(error as Error).message}`);
      }
      if (!worked && !this.stopped) {
        await new Promise<void>((resolve) => {
          this.wake = resolve;
          this.timer = setTimeout(resolve, this.config.indexPollMs ?? 2000);
          this.timer.unref();
        });
      }
    }
  }

  private async index(photo: QueuedPhoto, manager: Parameters<FaceRecords['recordFaces']>[0]): Promise<void> {
    try {
      const image = await this.imageOf(photo);
      if (!image) return this.records.dropQueued(manager, photo.photoId);
      const faces = await this.engine.facesIn(image);
      await this.records.recordFaces(
        manager,
        photo,
        faces.map((face) => face.descriptor),
      );
      await recordEvent(manager, Subjects.PhotoFacesCounted, {
        eventCode: photo.eventCode,
        photoId: photo.photoId,
        faces: faces.length,
      });
    } catch (error) {
      // An unreadable file is given up at once; storage or media away is tried again later, a few times.
      if (photo.attempts + 1 >= MAX_ATTEMPTS || isUnreadableImage(error)) {
        this.logger.warn(`photo ${photo.photoId} not indexed: ${(error as Error).message}`);
        return this.records.dropQueued(manager, photo.photoId);
      }
      setImmediate(() => void this.records.retryLater(photo.photoId).catch(() => undefined));
    }
  }

  /** The photo's preview (its original when no preview is made); null when media no longer has the photo. */
  private async imageOf(photo: QueuedPhoto): Promise<Buffer | null> {
    let key = photo.previewKey;
    if (!key) {
      const reply = await this.media.galleryPhotos({ code: photo.eventCode, ids: [photo.photoId], limit: 1 });
      const found = reply.photos[0];
      if (!found || found.kind !== 'photo') return null;
      key = found.previewKey ?? found.originalKey;
    }
    return this.previews.read(key);
  }
}

function isUnreadableImage(error: unknown): boolean {
  return /unsupported image format|Input buffer|VipsJpeg|pngload|corrupt/i.test(
    (error as Error).message ?? '',
  );
}
