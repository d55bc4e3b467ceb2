import { describe, expect, it } from '@jest/globals';
import { expiryAfterUpgrade, isUpgrade, upgradeOptions } from './plans.js';

describe('upgradeOptions', () => {
  it('offers standard and premium at full price from free', () => {
    expect(upgradeOptions('free')).toEqual([
      { plan: 'standard', priceUsd: 49 },
      { plan: 'premium', priceUsd: 99 },
    ]);
  });

  it('charges only the difference from standard to premium', () => {
    expect(upgradeOptions('standard')).toEqual([{ plan: 'premium', priceUsd: 50 }]);
  });

  it('offers nothing above premium', () => {
    expect(upgradeOptions('premium')).toEqual([]);
  });
});

describe('isUpgrade', () => {
  it('is true only upward in the catalogue', () => {
    expect(isUpgrade('free', 'premium')).toBe(true);
    expect(isUpgrade('premium', 'standard')).toBe(false);
    expect(isUpgrade('standard', 'standard')).toBe(false);
  });
});

describe('expiryAfterUpgrade', () => {
  const paidAt = new Date('2026-06-01T12:00:00Z');

  it('counts the new plan from the payment', () => {
    const current = new Date('2026-06-05T12:00:00Z');
    expect(expiryAfterUpgrade('standard', paidAt, current).toISOString()).toBe('2026-07-01T12:00:00.000Z');
  });

  it('never shortens what the gallery already had', () => {
    const current = new Date('2026-09-01T00:00:00Z');
    expect(expiryAfterUpgrade('standard', paidAt, current)).toEqual(current);
  });
});
