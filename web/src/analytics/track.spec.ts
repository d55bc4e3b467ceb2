import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { track } from './track';

const withGtag = globalThis as { gtag?: unknown };

describe('analytics events', () => {
  afterEach(() => {
    delete withGtag.gtag;
  });

  it('go to the page analytics function when one is configured', () => {
    const gtag = jest.fn();
    withGtag.gtag = gtag;
    track('package_upgrade', { from: 'free', to: 'premium' });
    track('payment_success', { value: 99, currency: 'USD' });
    expect(gtag.mock.calls).toEqual([
      ['event', 'package_upgrade', { from: 'free', to: 'premium' }],
      ['event', 'payment_success', { value: 99, currency: 'USD' }],
    ]);
  });

  it('are dropped without one, and a failing one changes nothing', () => {
    expect(() => track('package_upgrade', { from: 'free', to: 'standard' })).not.toThrow();
    withGtag.gtag = () => {
      throw new Error('blocked');
    };
    expect(() => track('payment_success', { value: 49, currency: 'USD' })).not.toThrow();
  });
});
