import { describe, expect, it } from '@jest/globals';
import { withEventUpdate } from './eventUpdate';

const event = {
  code: 'ACDE3467',
  name: 'Sarah & Mike',
  plan: 'FREE' as const,
  photoCount: 12,
  expiresAt: '2026-06-08T12:00:00.000Z',
};

describe('withEventUpdate', () => {
  it('shows the new plan and expiry of the same gallery, keeping everything else', () => {
    const update = { code: 'ACDE3467', plan: 'PREMIUM' as const, expiresAt: '2027-06-01T12:00:00.000Z' };

    expect(withEventUpdate(event, update)).toEqual({
      ...event,
      plan: 'PREMIUM',
      expiresAt: '2027-06-01T12:00:00.000Z',
    });
  });

  it('leaves the gallery as read without an update, for another gallery, or when nothing changed', () => {
    expect(withEventUpdate(event, null)).toBe(event);
    expect(withEventUpdate(event, { code: 'HWYC3NAD', plan: 'PREMIUM', expiresAt: event.expiresAt })).toBe(
      event,
    );
    expect(withEventUpdate(event, { code: event.code, plan: 'FREE', expiresAt: event.expiresAt })).toBe(
      event,
    );
  });

  it('shows a reverted plan after a refund', () => {
    const premium = { ...event, plan: 'PREMIUM' as const, expiresAt: '2027-06-01T12:00:00.000Z' };

    expect(withEventUpdate(premium, { code: event.code, plan: 'FREE', expiresAt: event.expiresAt })).toEqual(
      event,
    );
  });
});
