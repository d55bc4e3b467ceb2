import { describe, expect, it } from '@jest/globals';
import { uploadRefusal } from './upload-refusal.js';

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
