import { describe, expect, it } from '@jest/globals';
import {
  bundleRefundCents,
  BUNDLES,
  creditExpiry,
  creditFits,
  expiryAfterUpgrade,
  isUpgrade,
  upgradeOptions,
} from './plans.js';

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

describe('bundles', () => {
  it('prices 3, 5 and 10 events as 2.5, 4 and 7 of the plan, for Standard and Premium', () => {
    expect(BUNDLES.map(({ id, priceCents, fullPriceCents }) => [id, priceCents, fullPriceCents])).toEqual([
      ['standard-3', 12250, 14700],
      ['standard-5', 19600, 24500],
      ['standard-10', 34300, 49000],
      ['premium-3', 24750, 29700],
      ['premium-5', 39600, 49500],
      ['premium-10', 69300, 99000],
    ]);
  });

  it('lets a credit upgrade only a gallery on a lower plan', () => {
    expect(creditFits('standard', 'free')).toBe(true);
    expect(creditFits('standard', 'standard')).toBe(false);
    expect(creditFits('premium', 'standard')).toBe(true);
    expect(creditFits('standard', 'premium')).toBe(false);
  });

  it('refunds the unused share of the price, rounded down to the cent', () => {
    expect(bundleRefundCents(12250, 3, 2)).toBe(8166);
    expect(bundleRefundCents(12250, 3, 3)).toBe(12250);
    expect(bundleRefundCents(12250, 3, 0)).toBe(0);
  });

  it('keeps credits for a year from purchase', () => {
    expect(creditExpiry(new Date('2026-11-25T10:00:00Z')).toISOString()).toBe('2027-11-25T10:00:00.000Z');
  });
});
