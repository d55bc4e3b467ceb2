import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  archiveProgressSchema,
  archiveProgressSubject,
  guestsMayHearArchive,
  RequestContracts,
  type ArchiveStage,
  type DownloadPermissionReply,
  type DownloadPermissionRequest,
  type GalleryPhotosReply,
  type GalleryPhotosRequest,
  type GuestCopyRequest,
  type VisiblePhotosReply,
  type VisiblePhotosRequest,
} from '@gallery/contracts';
import { AppError, askService, EventBus } from '@gallery/platform';
import type { ArchiveJobEntity } from './archive-job.entity.js';

/**
 * What the download service asks other services over core NATS (zod-checked both ways), and the live progress
 * it publishes. A request without an answer, or with one that breaks its contract, is SERVICE_UNAVAILABLE.
 */
@Injectable()
export class ServiceRequests {
  private readonly logger = new Logger(ServiceRequests.name);

  constructor(@Inject(EventBus) private readonly bus: EventBus) {}

  /** events: whether the caller may download the whole gallery. */
  downloadPermission(request: DownloadPermissionRequest): Promise<DownloadPermissionReply> {
    return askService(this.bus, RequestContracts.DownloadPermission, request, this.logger);
  }

  /** media: which of these photos the caller may see now, as their gallery screen would show them. */
  visiblePhotos(request: VisiblePhotosRequest): Promise<VisiblePhotosReply> {
    return askService(this.bus, RequestContracts.VisiblePhotos, request, this.logger);
  }

  /** media: one page of the gallery's photos, oldest first. */
  galleryPhotos(request: GalleryPhotosRequest): Promise<GalleryPhotosReply> {
    return askService(this.bus, RequestContracts.GalleryPhotos, request, this.logger);
  }

  /**
   * media: the key of a photo's guests' copy, made for this request when it is still to be made; null: none.
   * Asked once more when unanswered (a replica restarting, its background lane full): one photo's lost answer
   * would otherwise fail a whole zip.
   */
  async guestCopy(request: GuestCopyRequest): Promise<string | null> {
    const ask = () => askService(this.bus, RequestContracts.GuestCopy, request, this.logger);
    const reply = await ask().catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'SERVICE_UNAVAILABLE') return ask();
      throw error;
    });
    return reply.key;
  }

  /**
   * A step of a job's build, for the gallery's open screens: guests' ones only for a guest's zip of the whole
   * gallery (guestsMayHearArchive). Live only: nobody listening is fine, and a publish while NATS is away is dropped,
   * not retried.
   */
  publishProgress(
    job: Pick<ArchiveJobEntity, 'id' | 'eventCode' | 'guestCopies' | 'jpegCopies'> & {
      photoSet?: string | null;
    },
    stage: ArchiveStage,
    count = 0,
    total = 0,
  ): void {
    try {
      const progress = archiveProgressSchema.parse({
        eventCode: job.eventCode,
        jobId: job.id,
        forGuests: guestsMayHearArchive(job),
        stage,
        count,
        total,
      });
      this.bus.nc.publish(archiveProgressSubject(job.eventCode), JSON.stringify(progress));
    } catch (error) {
      this.logger.warn(`progress not published: ${(error as Error).message}`);
    }
  }
}
