import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  galleryLookupReplySchema,
  galleryLookupRequestSchema,
  isGalleryCode,
  Requests,
  type GalleryLookupRequest,
} from '@gallery/contracts';
import { AppError, EventBus } from '@gallery/platform';
import type { GalleryEntity } from './gallery.entity.js';
import { GalleryRepository } from './gallery.repository.js';

/** Long enough for the events service to read one row, short enough that a guest is not left waiting. */
export const GALLERY_LOOKUP_TIMEOUT_MS = 2000;

/**
 * Finds a gallery for an upload: in the read model, or, for a gallery created a moment ago (or while NATS was
 * down) whose event.created has not arrived yet, by asking the events service over NATS request/reply and
 * recording its answer the way event.created would (the later event changes nothing). A code outside the code
 * alphabet names no gallery and is never asked about.
 */
@Injectable()
export class GalleryDirectory {
  private readonly logger = new Logger(GalleryDirectory.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(GalleryRepository) private readonly galleries: GalleryRepository,
    @Inject(EventBus) private readonly bus: EventBus,
  ) {}

  /** The gallery; null when no gallery has this code. SERVICE_UNAVAILABLE when the events service does not answer. */
  async find(code: string): Promise<GalleryEntity | null> {
    const known = await this.galleries.find(code);
    if (known || !isGalleryCode(code)) return known;
    const gallery = await this.askEvents({ code });
    if (!gallery) return null;
    await this.galleries.recordCreated(this.dataSource.manager, gallery);
    return this.galleries.find(code);
  }

  private async askEvents(request: GalleryLookupRequest) {
    let reply: unknown;
    try {
      const message = await this.bus.nc.request(
        Requests.GalleryLookup,
        JSON.stringify(galleryLookupRequestSchema.parse(request)),
        { timeout: GALLERY_LOOKUP_TIMEOUT_MS },
      );
      reply = JSON.parse(message.string());
    } catch (error) {
      this.logger.warn(`gallery lookup unanswered: ${(error as Error).message}`);
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    const parsed = galleryLookupReplySchema.safeParse(reply);
    if (!parsed.success) {
      this.logger.warn('gallery lookup reply breaks its contract');
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return parsed.data.gallery;
  }
}
