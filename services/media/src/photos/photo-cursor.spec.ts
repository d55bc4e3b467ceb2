import { describe, expect, it } from '@jest/globals';
import { PhotoCursor } from './photo-cursor.js';

describe('PhotoCursor', () => {
  const cursor = new PhotoCursor(
    new Date('2026-06-13T18:42:07.123Z'),
    '2f1c6a55-0a4e-4a59-9d7e-1c1f5b0e7a31',
  );

  it('round-trips the exact position, milliseconds included', () => {
    const decoded = PhotoCursor.decode(cursor.encode());
    expect(decoded?.createdAt.toISOString()).toBe('2026-06-13T18:42:07.123Z');
    expect(decoded?.id).toBe(cursor.id);
  });

  it('is opaque and safe in a URL', () => {
    expect(cursor.encode()).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor.encode()).not.toContain(cursor.id);
  });

  it('rejects what it did not make', () => {
    const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
    expect(PhotoCursor.decode('')).toBeNull();
    expect(PhotoCursor.decode('not a cursor')).toBeNull();
    expect(PhotoCursor.decode(encode({ createdAt: '2026-06-13T18:42:07.123Z', id: cursor.id }))).toBeNull();
    expect(PhotoCursor.decode(encode(['yesterday', cursor.id]))).toBeNull();
    expect(PhotoCursor.decode(encode(['2026-06-13T18:42:07.123Z', "1' OR '1'='1"]))).toBeNull();
  });
});
