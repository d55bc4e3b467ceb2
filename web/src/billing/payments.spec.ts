import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { PLANS } from '@gallery/contracts';
import { checkoutOrigins, paymentProgress, rememberCheckout, upgradeChoices } from './payments';

describe('upgrade options', () => {
  it('come from the catalogue, priced as the difference', () => {
    expect(upgradeChoices('FREE')).toEqual([
      { plan: 'standard', apiPlan: 'STANDARD', amountCents: PLANS.standard.priceUsd * 100 },
      { plan: 'premium', apiPlan: 'PREMIUM', amountCents: PLANS.premium.priceUsd * 100 },
    ]);
    expect(upgradeChoices('STANDARD')).toEqual([
      {
        plan: 'premium',
        apiPlan: 'PREMIUM',
        amountCents: (PLANS.premium.priceUsd - PLANS.standard.priceUsd) * 100,
      },
    ]);
    expect(upgradeChoices('PREMIUM')).toEqual([]);
  });
});

describe('the page after the payment', () => {
  const checkout = { id: 'c-1', fromPlan: 'FREE', plan: 'STANDARD', status: 'OPEN' } as const;
  const nowhere = { order: false, phone: false };

  it('waits for the plan change, not for the redirect', () => {
    expect(paymentProgress(checkout, 'FREE', nowhere)).toEqual({ state: 'waiting' });
    expect(paymentProgress({ ...checkout, status: 'PAID' }, 'FREE', nowhere)).toEqual({ state: 'waiting' });
    expect(paymentProgress(checkout, null, nowhere)).toEqual({ state: 'waiting' });
  });

  it('goes to the new gallery after an order, to the upgrade page otherwise, to "done" on a phone', () => {
    expect(paymentProgress(checkout, 'STANDARD', { order: true, phone: false })).toEqual({
      state: 'applied',
      next: '/payment-success?checkout=c-1',
    });
    expect(paymentProgress(checkout, 'STANDARD', nowhere)).toEqual({
      state: 'applied',
      next: '/upgrade-success?checkout=c-1',
    });
    const fromStandard = { ...checkout, fromPlan: 'STANDARD', plan: 'PREMIUM' } as const;
    expect(paymentProgress(fromStandard, 'PREMIUM', { order: true, phone: false })).toMatchObject({
      next: '/upgrade-success?checkout=c-1',
    });
    expect(paymentProgress(checkout, 'STANDARD', { order: true, phone: true })).toMatchObject({
      next: '/payment-complete',
    });
  });

  it('fails for a checkout cancelled before it was applied', () => {
    expect(paymentProgress({ ...checkout, status: 'CANCELLED' }, 'FREE', nowhere)).toEqual({
      state: 'cancelled',
    });
  });
});

describe('where a checkout started', () => {
  const store = new Map<string, string>();
  beforeEach(() => {
    (globalThis as { localStorage?: unknown }).localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
  });
  afterEach(() => {
    store.clear();
    delete (globalThis as { localStorage?: unknown }).localStorage;
  });

  it('is remembered by this browser, a bounded list', () => {
    rememberCheckout('order', 'a');
    rememberCheckout('phone', 'b');
    expect(checkoutOrigins('a')).toEqual({ order: true, phone: false });
    expect(checkoutOrigins('b')).toEqual({ order: false, phone: true });
    for (let i = 0; i < 20; i++) rememberCheckout('order', `n${i}`);
    expect(checkoutOrigins('a').order).toBe(false);
    expect(JSON.parse(store.get('checkouts.fromOrder')!)).toHaveLength(10);
    store.set('checkouts.fromOrder', 'not json');
    expect(checkoutOrigins('n19').order).toBe(false);
  });
});
