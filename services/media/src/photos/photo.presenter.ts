import { Inject, Injectable } from '@nestjs/common';
import type { LivePhoto } from '@gallery/contracts';
import { MediaConfig } from '../config/media-config.js';
import type { PhotoEntity } from './photo.entity.js';
import type { PhotoVariant } from './photo-variant.js';

/**
 * A photo as clients and live events carry it. Its image URLs are the app's own stable URLs (answered with a
 * redirect to a short-lived presigned URL), so a gallery page left open all evening keeps working.
 */
@Injectable()
export class PhotoPresenter {
  constructor(@Inject(MediaConfig) private readonly config: MediaConfig) {}

  present(photo: PhotoEntity): LivePhoto {
    return {
      id: photo.id,
      eventCode: photo.eventCode,
      thumbnailUrl: this.url(photo.id, 'thumbnail'),
      previewUrl: this.url(photo.id, 'preview'),
      originalUrl: this.url(photo.id, 'original'),
      width: photo.width,
      height: photo.height,
      createdAt: photo.createdAt.toISOString(),
      kind: photo.kind,
      durationSeconds: photo.durationSeconds,
      guestName: photo.guestName ?? null,
      challengeId: photo.challengeId ?? null,
      uploaderId: photo.uploaderId ?? null,
      heartCount: photo.heartCount ?? 0,
    };
  }

  private url(photoId: string, variant: PhotoVariant): string {
    return `${this.config.publicUrl}/media/photos/${photoId}/${variant}`;
  }
}
