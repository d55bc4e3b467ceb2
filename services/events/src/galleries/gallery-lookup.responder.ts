import { Inject, Injectable } from '@nestjs/common';
import {
  galleryLookupRequestSchema,
  Requests,
  type GalleryLookupReply,
  type GalleryLookupRequest,
} from '@gallery/contracts';
import { EventBus, RequestResponder } from '@gallery/platform';
import { eventCreatedData, GalleriesRepository } from './galleries.repository.js';

/**
 * Answers `Requests.GalleryLookup`: the media service asks about a gallery its read model has not heard of yet
 * (event.created still on its way).
 */
@Injectable()
export class GalleryLookupResponder extends RequestResponder<GalleryLookupRequest, GalleryLookupReply> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(GalleriesRepository) private readonly galleries: GalleriesRepository,
  ) {
    super(bus, {
      subject: Requests.GalleryLookup,
      queue: 'events-service',
      request: galleryLookupRequestSchema,
      refusal: { gallery: null },
    });
  }

  protected async answer(request: GalleryLookupRequest): Promise<GalleryLookupReply> {
    const found = await this.galleries.findByCode(request.code);
    return { gallery: found && eventCreatedData(found) };
  }
}
