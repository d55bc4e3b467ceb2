import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { isGalleryCode, RequestContracts } from '@gallery/contracts';
import { askService, EventBus } from '@gallery/platform';
import type { GalleryEntity } from './gallery.entity.js';
import { GalleryRepository } from './gallery.repository.js';

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
    const gallery = await this.askEvents(code);
    if (!gallery) return null;
    await this.galleries.recordCreated(this.dataSource.manager, gallery);
    return this.galleries.find(code);
  }

  private async askEvents(code: string) {
    const reply = await askService(this.bus, RequestContracts.GalleryLookup, { code }, this.logger);
    return reply.gallery;
  }
}
