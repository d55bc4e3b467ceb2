import type { LivePhoto } from '@gallery/contracts';

/** A photo as `photo.uploaded` carries it to the live screens, for the gateway's tests. */
export function livePhoto(eventCode: string, id: string, overrides: Partial<LivePhoto> = {}): LivePhoto {
  return {
    id,
    eventCode,
    thumbnailUrl: `/media/photos/${id}/thumbnail`,
    previewUrl: `/media/photos/${id}/preview`,
    originalUrl: `/media/photos/${id}/original`,
    width: 400,
    height: 300,
    createdAt: '2026-06-20T18:00:00.000Z',
    kind: 'photo',
    durationSeconds: null,
    guestName: null,
    challengeId: null,
    uploaderId: null,
    ...overrides,
  };
}
