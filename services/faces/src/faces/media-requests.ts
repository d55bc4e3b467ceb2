import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  RequestContracts,
  type GalleryPhotosReply,
  type GalleryPhotosRequest,
  type VisiblePhotosReply,
  type VisiblePhotosRequest,
} from '@gallery/contracts';
import { askService, EventBus } from '@gallery/platform';

/** What the faces service asks media (zod-checked both ways); no answer is SERVICE_UNAVAILABLE. */
@Injectable()
export class MediaRequests {
  private readonly logger = new Logger(MediaRequests.name);

  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  /** A page of the gallery's approved photos with their preview keys, oldest first (or just the ones named). */
  galleryPhotos(request: GalleryPhotosRequest): Promise<GalleryPhotosReply> {
    return askService(this.bus, RequestContracts.GalleryPhotos, request, this.logger);
  }

  /** Which of these photos the caller may see now, as its gallery screen shows them. */
  visiblePhotos(request: VisiblePhotosRequest): Promise<VisiblePhotosReply> {
    return askService(this.bus, RequestContracts.VisiblePhotos, request, this.logger);
  }
}
