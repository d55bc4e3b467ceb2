import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import {
  Requests,
  visiblePhotosRequestSchema,
  type VisiblePhotosReply,
  type VisiblePhotosRequest,
} from '@gallery/contracts';
import { EventBus, RequestResponder } from '@gallery/platform';
import { PhotoAudience, viewShows } from './photo-audience.js';
import { PhotoEntity } from './photo.entity.js';
import { PhotosService } from './photos.service.js';

/**
 * Answers `Requests.VisiblePhotos`: the faces service found these photos for a "Find me" search, and media, which
 * holds the gallery's privacy settings, keeps those the caller may see now (own-only, reveal, approval) with the
 * URLs that caller's gallery screen would get. A photo of another gallery, removed or unknown is simply left out.
 */
@Injectable()
export class VisiblePhotosResponder extends RequestResponder<VisiblePhotosRequest, VisiblePhotosReply> {
  constructor(
    @Inject(EventBus) bus: EventBus,
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
    @Inject(PhotosService) private readonly photos: PhotosService,
  ) {
    super(bus, {
      subject: Requests.VisiblePhotos,
      queue: 'media-service',
      request: visiblePhotosRequestSchema,
      refusal: { photos: [] },
    });
  }

  protected async answer(request: VisiblePhotosRequest): Promise<VisiblePhotosReply> {
    if (request.ids.length === 0) return { photos: [] };
    const view = await this.audience.view(request.code, request);
    const rows = await this.dataSource.manager.find(PhotoEntity, {
      where: { eventCode: request.code, id: In(request.ids) },
      order: { createdAt: 'DESC', id: 'DESC' },
    });
    return {
      photos: rows
        .filter((photo) => viewShows(view, photo))
        .map((photo) => this.photos.presentTo(photo, view.passes)),
    };
  }
}
