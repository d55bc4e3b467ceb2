import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  archiveProgressSchema,
  archiveProgressSubject,
  downloadPermissionReplySchema,
  downloadPermissionRequestSchema,
  galleryPhotosReplySchema,
  galleryPhotosRequestSchema,
  Requests,
  type ArchiveProgress,
  type DownloadPermissionReply,
  type DownloadPermissionRequest,
  type GalleryPhotosReply,
  type GalleryPhotosRequest,
} from '@gallery/contracts';
import { AppError, EventBus } from '@gallery/platform';

/** The part of a zod schema used here (the service does not depend on zod itself). */
interface Schema<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false };
}

/** Long enough for a service to read one page of rows, short enough that nobody is left waiting. */
export const REQUEST_TIMEOUT_MS = 5000;

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
    return this.ask(
      Requests.DownloadPermission,
      downloadPermissionRequestSchema.parse(request),
      downloadPermissionReplySchema,
    );
  }

  /** media: one page of the gallery's photos, oldest first. */
  galleryPhotos(request: GalleryPhotosRequest): Promise<GalleryPhotosReply> {
    return this.ask(
      Requests.GalleryPhotos,
      galleryPhotosRequestSchema.parse(request),
      galleryPhotosReplySchema,
    );
  }

  /** Live only: nobody listening is fine, and a publish while NATS is away is dropped, not retried. */
  publishProgress(progress: ArchiveProgress): void {
    try {
      this.bus.nc.publish(
        archiveProgressSubject(progress.eventCode),
        JSON.stringify(archiveProgressSchema.parse(progress)),
      );
    } catch (error) {
      this.logger.warn(`progress not published: ${(error as Error).message}`);
    }
  }

  private async ask<T>(subject: string, request: unknown, schema: Schema<T>): Promise<T> {
    let reply: unknown;
    try {
      const message = await this.bus.nc.request(subject, JSON.stringify(request), {
        timeout: REQUEST_TIMEOUT_MS,
      });
      reply = message.json();
    } catch (error) {
      this.logger.warn(`${subject} unanswered: ${(error as Error).message}`);
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    const parsed = schema.safeParse(reply);
    if (!parsed.success) {
      this.logger.warn(`${subject} reply breaks its contract`);
      throw new AppError('SERVICE_UNAVAILABLE');
    }
    return parsed.data;
  }
}
