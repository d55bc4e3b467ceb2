import {
  Inject,
  Injectable,
  Logger,
  type BeforeApplicationShutdown,
  type OnApplicationBootstrap,
} from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  galleryPhotosRequestSchema,
  Requests,
  type ArchivePhoto,
  type GalleryPhotosReply,
  type GalleryPhotosRequest,
} from '@gallery/contracts';
import { describeError, EventBus, type NatsMessage, type NatsSubscription } from '@gallery/platform';
import { GalleryRepository } from '../galleries/gallery.repository.js';
import { downloadFileName } from './download-file-name.js';
import { PhotoCursor } from './photo-cursor.js';
import { PhotoEntity } from './photo.entity.js';

/** Replicas of the service share the requests: each is answered by one of them. */
const QUEUE_GROUP = 'media-service';

/**
 * Answers `Requests.GalleryPhotos` over core NATS: the download service asks for a gallery's photos, a page at
 * a time and oldest first (a page boundary never moves while new photos arrive), to put their originals in a
 * zip. A request that breaks the contract names no gallery; a read that fails gets no answer, so the asker's
 * timeout tells it media cannot answer now.
 */
@Injectable()
export class GalleryPhotosResponder implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(GalleryPhotosResponder.name);
  private subscription: NatsSubscription | undefined;

  constructor(
    @Inject(EventBus) private readonly bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
  ) {}

  onApplicationBootstrap(): void {
    this.subscription = this.bus.nc.subscribe(Requests.GalleryPhotos, {
      queue: QUEUE_GROUP,
      callback: (error, message) => {
        if (error) this.logger.warn(`gallery photo lists interrupted: ${describeError(error)}`);
        else void this.answer(message);
      },
    });
  }

  async beforeApplicationShutdown(): Promise<void> {
    // The bus may have closed its connection first (shutdown hooks run in no set order): nothing left to drain.
    if (this.bus.nc.isClosed()) return;
    await this.subscription?.drain().catch(() => undefined);
  }

  private async answer(message: NatsMessage): Promise<void> {
    try {
      message.respond(JSON.stringify(await this.reply(message)));
    } catch (error) {
      this.logger.warn(`gallery photo list not answered: ${describeError(error)}`);
    }
  }

  private async reply(message: NatsMessage): Promise<GalleryPhotosReply> {
    const none: GalleryPhotosReply = { found: false, photos: [], next: null };
    let body: unknown;
    try {
      body = message.json();
    } catch {
      return none;
    }
    const request = galleryPhotosRequestSchema.safeParse(body);
    if (!request.success) return none;
    return this.page(request.data);
  }

  async page(request: GalleryPhotosRequest): Promise<GalleryPhotosReply> {
    const gallery = await this.galleries.find(request.code);
    if (!gallery) return { found: false, photos: [], next: null };
    const after = request.after ? PhotoCursor.decode(request.after) : null;
    if (request.after && !after) return { found: true, photos: [], next: null };
    const query = this.dataSource.manager
      .createQueryBuilder(PhotoEntity, 'photo')
      .where('photo.event_code = :code', { code: request.code })
      .orderBy('photo.created_at', 'ASC')
      .addOrderBy('photo.id', 'ASC')
      // One more than asked says whether another page follows.
      .limit(request.limit + 1);
    if (after) {
      query.andWhere('(photo.created_at, photo.id) > (:createdAt, :id)', {
        createdAt: after.createdAt,
        id: after.id,
      });
    }
    const rows = await query.getMany();
    const page = rows.slice(0, request.limit);
    const last = page.at(-1);
    return {
      found: true,
      photos: page.map(archivePhoto),
      next: rows.length > request.limit && last ? new PhotoCursor(last.createdAt, last.id).encode() : null,
    };
  }
}

function archivePhoto(photo: PhotoEntity): ArchivePhoto {
  return {
    id: photo.id,
    originalKey: photo.originalKey,
    fileName: downloadFileName(photo.fileName, photo.contentType),
    contentType: photo.contentType,
    size: photo.size,
    createdAt: photo.createdAt.toISOString(),
    kind: photo.kind,
    guestName: photo.guestName ?? null,
  };
}
