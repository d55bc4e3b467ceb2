import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { loadAnalytics, track } from './track';

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

describe('the analytics loader', () => {
  function fakePage() {
    const appended: Array<{ id: string; src: string; async: boolean }> = [];
    const document = {
      getElementById: (id: string) => appended.find((script) => script.id === id) ?? null,
      createElement: () => ({ id: '', src: '', async: false }),
      head: { append: (script: { id: string; src: string; async: boolean }) => appended.push(script) },
    } as unknown as Document;
    const window = {} as Window & { dataLayer?: unknown[]; gtag?: unknown };
    return { appended, target: { document, window }, window };
  }

  it('does nothing without a configured id', () => {
    const page = fakePage();
    expect(loadAnalytics(undefined, page.target)).toBe(false);
    expect(loadAnalytics('', page.target)).toBe(false);
    expect(page.appended).toHaveLength(0);
    expect(page.window.gtag).toBeUndefined();
  });

  it('adds the script once and queues events until it arrives', () => {
    const page = fakePage();
    expect(loadAnalytics('G-TEST123', page.target)).toBe(true);
    expect(loadAnalytics('G-TEST123', page.target)).toBe(false);
    expect(page.appended).toHaveLength(1);
    expect(page.appended[0].src).toBe('https://www.googletagmanager.com/gtag/js?id=G-TEST123');
    expect(page.appended[0].async).toBe(true);
    expect(typeof page.window.gtag).toBe('function');
    expect(page.window.dataLayer).toHaveLength(2);
  });
});
