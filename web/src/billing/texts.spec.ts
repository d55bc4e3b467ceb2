import { describe, expect, it } from '@jest/globals';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { REFUND_WINDOW_DAYS } from '@gallery/contracts';
import { testTranslations } from '../i18n/testTranslations';
import { CheckoutSummary } from './CheckoutSummary';
import type { Checkout } from './graphql';

const checkout: Checkout = {
  id: '2b7f7c1e-0d5e-4a43-9a55-3f1c7a0c6b11',
  eventCode: 'ACDEFGHJ',
  fromPlan: 'FREE',
  plan: 'STANDARD',
  amountCents: 4900,
  currency: 'usd',
  status: 'OPEN',
  paymentUrl: 'http://localhost/demo-checkout?checkout=2b7f7c1e-0d5e-4a43-9a55-3f1c7a0c6b11',
  demo: true,
  newGallery: false,
};

describe('upgrade and payment texts', () => {
  it('keep the spec wording in English and exist in French and Spanish', () => {
    const en = testTranslations('en').t;
    expect(en('errors.GALLERY_NOT_FOUND')).toBe('Gallery not found');
    expect(en('billing.upgrade.loadFailed')).toBe('Failed to load gallery details');
    expect(en('billing.upgrade.failed')).toBe('Upgrade failed');
    expect(en('billing.upgraded.title')).toBe('Successfully upgraded');
    expect(en('billing.upgrade.processing')).toBe('Processing…');
    expect(en('billing.upgrade.redirecting')).toBe('Redirecting to payment…');
    for (const language of ['fr', 'es'] as const) {
      const t = testTranslations(language).t;
      for (const key of ['billing.upgrade.loadFailed', 'billing.upgrade.failed', 'billing.upgraded.title']) {
        expect(t(key)).not.toBe(en(key));
        expect(t(key)).not.toBe(key);
      }
    }
  });

  it('count the money-back days from the contracts', () => {
    expect(testTranslations('en').t('billing.upgrade.guarantee', { count: REFUND_WINDOW_DAYS })).toBe(
      `${REFUND_WINDOW_DAYS}-day money-back guarantee`,
    );
    expect(testTranslations('fr').t('billing.upgrade.guarantee', { count: 1 })).toBe(
      'Satisfait ou remboursé pendant 1 jour',
    );
  });

  it.each([
    ['en', '$49', 'Standard plan'],
    ['fr', '49 $US', 'Offre Standard'],
    ['es', '49 US$', 'Plan Estándar'],
  ] as const)('show what a checkout buys and its price, in %s', (language, price, plan) => {
    const markup = renderToStaticMarkup(
      createElement(
        I18nextProvider,
        { i18n: testTranslations(language) },
        createElement(CheckoutSummary, { checkout }),
      ),
    ).replace(/[\u00a0\u202f]/g, ' ');
    expect(markup).toContain(price);
    expect(markup).toContain(plan);
    expect(markup).toContain('ACDEFGHJ');
  });
});
