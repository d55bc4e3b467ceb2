import { describe, expect, it } from '@jest/globals';
import {
  bundleRefundCents,
  BUNDLES,
  creditExpiry,
  creditFits,
  expiryDate,
  isUpgrade,
  recomputedExpiry,
  storageStart,
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

describe('expiryDate', () => {
  it('counts a Free gallery ordered eight days ahead from its wedding day, so it outlives the wedding', () => {
    const orderedAt = new Date('2026-12-17T09:30:00Z');
    // Open through the whole of January 1st: the wedding day and seven days after it.
    expect(expiryDate('free', '2026-12-25', orderedAt).toISOString()).toBe('2027-01-02T00:00:00.000Z');
  });

  it('counts from the order when the wedding is already past', () => {
    const orderedAt = new Date('2026-06-10T08:00:00Z');
    expect(storageStart('2026-06-01', orderedAt)).toEqual(orderedAt);
    expect(expiryDate('standard', '2026-06-01', orderedAt).toISOString()).toBe('2026-07-10T08:00:00.000Z');
  });

  it('counts from the end of the wedding day for an order placed on the day itself', () => {
    const orderedAt = new Date('2026-06-01T15:00:00Z');
    expect(expiryDate('free', '2026-06-01', orderedAt).toISOString()).toBe('2026-06-09T00:00:00.000Z');
  });
});

describe('recomputedExpiry', () => {
  const orderedAt = new Date('2026-05-01T12:00:00Z');

  it('counts an upgrade from the wedding day, not from the payment', () => {
    const current = new Date('2026-06-08T00:00:00Z');
    expect(recomputedExpiry('standard', '2026-06-01', orderedAt, current).toISOString()).toBe(
      '2026-07-02T00:00:00.000Z',
    );
  });

  it('never shortens what the gallery already had', () => {
    const current = new Date('2026-09-01T00:00:00Z');
    expect(recomputedExpiry('standard', '2026-06-01', orderedAt, current)).toEqual(current);
  });

  it('moves a later wedding date forward but keeps the old expiry for an earlier one', () => {
    const current = new Date('2026-06-08T00:00:00Z');
    expect(recomputedExpiry('free', '2026-06-20', orderedAt, current).toISOString()).toBe(
      '2026-06-28T00:00:00.000Z',
    );
    expect(recomputedExpiry('free', '2026-05-20', orderedAt, current)).toEqual(current);
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
