import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  RequestContracts,
  type GalleryPhotosReply,
  type GalleryPhotosRequest,
  type GuestCopyRequest,
} from '@gallery/contracts';
import { askService, EventBus } from '@gallery/platform';

/** What the backup service asks media over core NATS (zod-checked both ways): a gallery's photos, their copies. */
@Injectable()
export class ServiceRequests {
  private readonly logger = new Logger(ServiceRequests.name);

  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  /** One page of the gallery's photos, oldest first, or the ones named by `ids`. */
  galleryPhotos(request: GalleryPhotosRequest): Promise<GalleryPhotosReply> {
    return askService(this.bus, RequestContracts.GalleryPhotos, request, this.logger);
  }

  /** The key of a photo's guests' copy, made for this request when it is still to be made; null: none. */
  async guestCopy(request: GuestCopyRequest): Promise<string | null> {
    return (await askService(this.bus, RequestContracts.GuestCopy, request, this.logger)).key;
  }
}
