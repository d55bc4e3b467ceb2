import { describe, expect, it } from '@jest/globals';
import {
  englishMessage,
  MAX_PENDING_UPLOADS_PER_GALLERY,
  MAX_PHOTO_BYTES,
  MAX_PHOTO_MEGABYTES,
  MAX_VIDEO_BYTES,
  MAX_VIDEO_MEGABYTES,
  UPLOADS_BUSY_RETRY_SECONDS,
} from '@gallery/contracts';
import {
  fileAdmissionRefusal,
  photoLimitReachedWith,
  recordingRefusal,
  slotRoomRefusal,
  uploadRefusal,
} from './upload-admission.js';

const now = new Date('2026-06-13T20:00:00Z');
const tomorrow = new Date('2026-06-14T20:00:00Z');

describe('uploadRefusal', () => {
  it('accepts the 50th photo on the free plan', () => {
    expect(uploadRefusal({ plan: 'free', expiresAt: tomorrow, photoCount: 49 }, now)).toBeNull();
  });

  it('rejects the 51st photo on the free plan with its limit', () => {
    const refusal = uploadRefusal({ plan: 'free', expiresAt: tomorrow, photoCount: 50 }, now);
    expect(refusal?.code).toBe('PHOTO_LIMIT_REACHED');
    expect(refusal?.extensions).toMatchObject({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
    expect(refusal?.message).toBe(
      'This gallery is full: it holds 50 photos, all its plan takes. Let the couple know.',
    );
  });

  it('has no limit on the paid plans', () => {
    expect(uploadRefusal({ plan: 'standard', expiresAt: tomorrow, photoCount: 10_000 }, now)).toBeNull();
    expect(uploadRefusal({ plan: 'premium', expiresAt: tomorrow, photoCount: 10_000 }, now)).toBeNull();
  });

  it('rejects any photo once the gallery expired, from the very instant of expiry', () => {
    expect(uploadRefusal({ plan: 'premium', expiresAt: now, photoCount: 0 }, now)?.code).toBe(
      'GALLERY_EXPIRED',
    );
    expect(uploadRefusal({ plan: 'free', expiresAt: now, photoCount: 50 }, now)?.code).toBe(
      'GALLERY_EXPIRED',
    );
  });

  it('refuses uploads to a refunded, read-only gallery before it expires', () => {
    const refusal = uploadRefusal({ plan: 'free', expiresAt: tomorrow, photoCount: 3, readOnly: true }, now);
    expect(refusal?.code).toBe('GALLERY_READ_ONLY');
  });

  it("refuses uploads before the couple's window opens and once it has closed", () => {
    const gallery = { plan: 'standard' as const, expiresAt: tomorrow, photoCount: 0 };
    const later = new Date(now.getTime() + 60_000);
    expect(uploadRefusal({ ...gallery, uploadsOpenAt: later }, now)?.code).toBe('UPLOADS_NOT_OPEN');
    expect(uploadRefusal({ ...gallery, uploadsCloseAt: now }, now)?.code).toBe('UPLOADS_CLOSED');
    expect(uploadRefusal({ ...gallery, uploadsOpenAt: now, uploadsCloseAt: later }, now)).toBeNull();
  });
});

describe('fileAdmissionRefusal', () => {
  it('accepts a photo on every plan and a video on Premium', () => {
    expect(fileAdmissionRefusal({ contentType: 'image/jpeg', size: 1000 }, 'free')).toBeNull();
    expect(fileAdmissionRefusal({ contentType: 'video/mp4', size: 1000 }, 'premium')).toBeNull();
  });

  it('refuses a video on a plan without videos, naming the file asked for', () => {
    const which = { fileIndex: 2, fileName: 'dance.mp4' };
    for (const plan of ['free', 'standard'] as const) {
      const refusal = fileAdmissionRefusal({ contentType: 'video/mp4', size: 1000 }, plan, which);
      expect(refusal?.extensions).toEqual({ code: 'VIDEOS_NEED_PREMIUM', ...which });
      expect(refusal?.message).toBe(englishMessage('errors.VIDEOS_NEED_PREMIUM'));
    }
  });

  it('refuses an empty file, an unknown type and files over their size with the limit', () => {
    expect(fileAdmissionRefusal({ contentType: 'image/png', size: 0 }, 'premium')?.code).toBe('FILE_EMPTY');
    expect(fileAdmissionRefusal({ contentType: '', size: 10 }, 'premium')?.code).toBe(
      'UNSUPPORTED_FILE_TYPE',
    );
    expect(
      fileAdmissionRefusal({ contentType: 'image/png', size: MAX_PHOTO_BYTES + 1 }, 'premium')?.extensions,
    ).toEqual({ code: 'FILE_TOO_LARGE', count: MAX_PHOTO_MEGABYTES });
    expect(
      fileAdmissionRefusal({ contentType: 'video/webm', size: MAX_VIDEO_BYTES + 1 }, 'premium')?.extensions,
    ).toEqual({ code: 'VIDEO_TOO_LARGE', count: MAX_VIDEO_MEGABYTES });
  });
});

describe('slotRoomRefusal', () => {
  const free = { plan: 'free' as const, expiresAt: tomorrow, photoCount: 40 };

  it('hands out slots up to the photo limit, photos and pending uploads counted', () => {
    expect(slotRoomRefusal(free, 4, 6)).toBeNull();
    const refusal = slotRoomRefusal(free, 4, 7);
    expect(refusal?.extensions).toEqual({ code: 'PHOTO_LIMIT_REACHED', count: 50 });
  });

  it('keeps an unlimited gallery to its pending slots, asking the guest to retry', () => {
    const premium = { plan: 'premium' as const, expiresAt: tomorrow, photoCount: 10_000 };
    expect(slotRoomRefusal(premium, MAX_PENDING_UPLOADS_PER_GALLERY - 3, 3)).toBeNull();
    expect(slotRoomRefusal(premium, MAX_PENDING_UPLOADS_PER_GALLERY - 3, 4)?.extensions).toEqual({
      code: 'UPLOADS_BUSY',
      count: UPLOADS_BUSY_RETRY_SECONDS,
    });
  });

  it('names the photo limit before the pending slots', () => {
    const full = { ...free, photoCount: 50 };
    expect(slotRoomRefusal(full, MAX_PENDING_UPLOADS_PER_GALLERY, 1)?.code).toBe('PHOTO_LIMIT_REACHED');
  });
});

describe('recordingRefusal', () => {
  it('records a video on Premium and refuses it once the plan has no videos (a refund meanwhile)', () => {
    const premium = { plan: 'premium' as const, expiresAt: tomorrow, photoCount: 0 };
    expect(recordingRefusal(premium, 'video/quicktime', now)).toBeNull();
    const refusal = recordingRefusal({ ...premium, plan: 'standard' }, 'video/quicktime', now);
    expect(refusal?.extensions).toEqual({ code: 'VIDEOS_NEED_PREMIUM' });
    expect(recordingRefusal({ ...premium, plan: 'standard' }, 'image/jpeg', now)).toBeNull();
  });

  it("asks the gallery's own refusal first", () => {
    const refunded = { plan: 'standard' as const, expiresAt: tomorrow, photoCount: 0, readOnly: true };
    expect(recordingRefusal(refunded, 'video/mp4', now)?.code).toBe('GALLERY_READ_ONLY');
    expect(recordingRefusal({ ...refunded, expiresAt: now }, 'video/mp4', now)?.code).toBe('GALLERY_EXPIRED');
  });
});

describe('photoLimitReachedWith', () => {
  it('gives the limit when the 50th photo fills a free gallery, and not before', () => {
    expect(photoLimitReachedWith({ plan: 'free', photoCount: 48 })).toBeNull();
    expect(photoLimitReachedWith({ plan: 'free', photoCount: 49 })).toBe(50);
    expect(photoLimitReachedWith({ plan: 'free', photoCount: 50 })).toBe(50);
  });

  it('is never reached on a plan without a limit', () => {
    expect(photoLimitReachedWith({ plan: 'standard', photoCount: 1_000_000 })).toBeNull();
  });
});
