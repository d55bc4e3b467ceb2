import { Inject, Injectable } from '@nestjs/common';
import type { LivePhoto } from '@gallery/contracts';
import { GuestIdentities } from '@gallery/platform';
import { MediaConfig } from '../config/media-config.js';
import type { PhotoEntity } from './photo.entity.js';
import type { PhotoVariant } from './photo-variant.js';

/** What the couple's review pass of a photo signs: unlike its pass, it fetches the photo once hidden too. */
export function reviewPassSubject(photoId: string): string {
  return `review:${photoId}`;
}

/**
 * A photo as clients and live events carry it. Its image URLs are the app's own stable URLs (answered with a
 * redirect to a short-lived presigned URL), so a gallery page left open all evening keeps working.
 */
@Injectable()
export class PhotoPresenter {
  constructor(
    @Inject(MediaConfig) private readonly config: MediaConfig,
    @Inject(GuestIdentities) private readonly identities: GuestIdentities,
  ) {}

  /**
   * `pass`: its URLs carry the photo's pass, for a viewer who may see it while other guests may not (its
   * uploader, the couple); without it they work only while every guest may see it. `review`: the couple's
   * review pass (the queue screen), which also fetches a hidden photo.
   */
  present(photo: PhotoEntity, { pass = false }: { pass?: boolean | 'review' } = {}): LivePhoto {
    const query =
      pass === 'review'
        ? `?pass=${this.identities.photoPass(reviewPassSubject(photo.id))}`
        : pass
          ? `?pass=${this.identities.photoPass(photo.id)}`
          : '';
    return {
      id: photo.id,
      eventCode: photo.eventCode,
      thumbnailUrl: this.url(photo.id, 'thumbnail') + query,
      previewUrl: this.url(photo.id, 'preview') + query,
      originalUrl: this.url(photo.id, 'original') + query,
      width: photo.width,
      height: photo.height,
      createdAt: photo.createdAt.toISOString(),
      kind: photo.kind,
      durationSeconds: photo.durationSeconds,
      guestName: photo.guestName ?? null,
      challengeId: photo.challengeId ?? null,
      tableNumber: photo.tableNumber ?? null,
      uploaderId: photo.uploaderId ?? null,
      heartCount: photo.heartCount ?? 0,
    };
  }

  /** A photo's thumbnail URL carrying the couple's review pass (the queue screen). */
  reviewThumbnailUrl(photoId: string): string {
    return `${this.url(photoId, 'thumbnail')}?pass=${this.identities.photoPass(reviewPassSubject(photoId))}`;
  }

  private url(photoId: string, variant: PhotoVariant): string {
    return `${this.config.publicUrl}/media/photos/${photoId}/${variant}`;
  }
}
