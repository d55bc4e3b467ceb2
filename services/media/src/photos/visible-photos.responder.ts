import { Controller, Inject } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import { RequestContracts, type VisiblePhotosReply, type VisiblePhotosRequest } from '@gallery/contracts';
import { AnswersRequest } from '@gallery/platform';
import { PhotoAudience, viewShows } from './photo-audience.js';
import { PhotoEntity } from './photo.entity.js';
import { PhotosService } from './photos.service.js';

/**
 * Answers `Requests.VisiblePhotos`: the faces service found these photos for a "Find me" search, and media, which
 * holds the gallery's privacy settings, keeps those the caller may see now (own-only, reveal, approval) with the
 * URLs that caller's gallery screen would get. A photo of another gallery, removed or unknown is simply left out.
 */
@Controller()
export class VisiblePhotosResponder {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(PhotoAudience) private readonly audience: PhotoAudience,
    @Inject(PhotosService) private readonly photos: PhotosService,
  ) {}

  @AnswersRequest(RequestContracts.VisiblePhotos, { refusal: { photos: [] } })
  async answer(request: VisiblePhotosRequest): Promise<VisiblePhotosReply> {
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
