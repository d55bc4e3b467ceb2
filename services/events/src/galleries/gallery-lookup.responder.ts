import { Controller, Inject } from '@nestjs/common';
import { RequestContracts, type GalleryLookupReply, type GalleryLookupRequest } from '@gallery/contracts';
import { AnswersRequest } from '@gallery/platform';
import { eventCreatedData, GalleriesRepository } from './galleries.repository.js';

/**
 * Answers `Requests.GalleryLookup`: the media service asks about a gallery its read model has not heard of yet
 * (event.created still on its way).
 */
@Controller()
export class GalleryLookupResponder {
  constructor(@Inject(GalleriesRepository) private readonly galleries: GalleriesRepository) {}

  @AnswersRequest(RequestContracts.GalleryLookup, { refusal: { gallery: null } })
  async answer(request: GalleryLookupRequest): Promise<GalleryLookupReply> {
    const found = await this.galleries.findByCode(request.code);
    return { gallery: found && eventCreatedData(found) };
  }
}
