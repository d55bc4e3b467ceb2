import { describe, expect, it } from '@jest/globals';
import {
  photosSharedWithGuests,
  photoVisibilityProblem,
  uploadWindowProblem,
  uploadWindowRefusal,
} from './privacy.js';

const now = new Date('2026-06-13T12:00:00Z');
const expiresAt = new Date('2026-06-20T12:00:00Z');
const at = (iso: string) => new Date(iso);

describe('uploadWindowProblem', () => {
  it('takes no window, an open in the past and a close before expiry', () => {
    expect(uploadWindowProblem({ uploadsOpenAt: null, uploadsCloseAt: null }, now, expiresAt)).toBeNull();
    const window = { uploadsOpenAt: at('2026-06-01T00:00:00Z'), uploadsCloseAt: at('2026-06-14T09:00:00Z') };
    expect(uploadWindowProblem(window, now, expiresAt)).toBeNull();
    expect(
      uploadWindowProblem({ uploadsOpenAt: null, uploadsCloseAt: expiresAt }, now, expiresAt),
    ).toBeNull();
  });

  it('refuses a close in the past, after expiry, or not after the open', () => {
    const problem = (open: string | null, close: string | null) =>
      uploadWindowProblem(
        { uploadsOpenAt: open ? at(open) : null, uploadsCloseAt: close ? at(close) : null },
        now,
        expiresAt,
      );
    expect(problem(null, '2026-06-13T11:59:59Z')).toBe('UPLOADS_CLOSE_IN_PAST');
    expect(problem(null, '2026-06-13T12:00:00Z')).toBe('UPLOADS_CLOSE_IN_PAST');
    expect(problem(null, '2026-06-20T12:00:01Z')).toBe('UPLOADS_AFTER_EXPIRY');
    expect(problem('2026-06-21T00:00:00Z', null)).toBe('UPLOADS_AFTER_EXPIRY');
    expect(problem('2026-06-15T00:00:00Z', '2026-06-15T00:00:00Z')).toBe('UPLOADS_CLOSE_BEFORE_OPEN');
    expect(problem('2026-06-16T00:00:00Z', '2026-06-15T00:00:00Z')).toBe('UPLOADS_CLOSE_BEFORE_OPEN');
  });
});

describe('uploadWindowRefusal', () => {
  const window = { uploadsOpenAt: at('2026-06-13T15:00:00Z'), uploadsCloseAt: at('2026-06-14T09:00:00Z') };
  it('is open from the open time up to, not including, the close time', () => {
    expect(uploadWindowRefusal(window, at('2026-06-13T14:59:59Z'))).toBe('UPLOADS_NOT_OPEN');
    expect(uploadWindowRefusal(window, at('2026-06-13T15:00:00Z'))).toBeNull();
    expect(uploadWindowRefusal(window, at('2026-06-14T08:59:59Z'))).toBeNull();
    expect(uploadWindowRefusal(window, at('2026-06-14T09:00:00Z'))).toBe('UPLOADS_CLOSED');
    expect(uploadWindowRefusal({ uploadsOpenAt: null, uploadsCloseAt: null }, now)).toBeNull();
  });
});

describe('photosSharedWithGuests', () => {
  it('shares with everyone always, with a drop box never, with a reveal from its time on', () => {
    expect(photosSharedWithGuests({ visibility: 'everyone', revealAt: null }, now)).toBe(true);
    expect(photosSharedWithGuests({ visibility: 'own', revealAt: null }, now)).toBe(false);
    expect(photosSharedWithGuests({ visibility: 'reveal', revealAt: at('2026-06-13T12:00:01Z') }, now)).toBe(
      false,
    );
    expect(photosSharedWithGuests({ visibility: 'reveal', revealAt: now }, now)).toBe(true);
    expect(photosSharedWithGuests({ visibility: 'reveal', revealAt: null }, now)).toBe(false);
  });
});

describe('photoVisibilityProblem', () => {
  const problem = (visibility: 'everyone' | 'own' | 'reveal', revealAt: string | null) =>
    photoVisibilityProblem({ visibility, revealAt: revealAt ? at(revealAt) : null }, now, expiresAt);

  it('takes every mode, a reveal with a time in the future up to the expiry', () => {
    expect(problem('everyone', null)).toBeNull();
    expect(problem('own', null)).toBeNull();
    expect(problem('reveal', '2026-06-14T09:00:00Z')).toBeNull();
    expect(problem('reveal', expiresAt.toISOString())).toBeNull();
  });

  it('refuses a reveal without a time, in the past, after expiry, and a time with another mode', () => {
    expect(problem('reveal', null)).toBe('REVEAL_TIME_REQUIRED');
    expect(problem('reveal', now.toISOString())).toBe('REVEAL_IN_PAST');
    expect(problem('reveal', '2026-06-20T12:00:01Z')).toBe('REVEAL_AFTER_EXPIRY');
    expect(problem('own', '2026-06-14T09:00:00Z')).toBe('REVEAL_TIME_NOT_USED');
  });
});
