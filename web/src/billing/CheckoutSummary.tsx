import './billing.css';
import { useTranslation } from 'react-i18next';
import { fromApiPlan } from '../api/plan';
import { useLanguage } from '../i18n/useLanguage';
import type { Checkout } from './graphql';
import { formatPrice } from '../i18n/formatPrice';
import { checkoutOrigins } from './payments';

/**
 * What a checkout buys: the plan, for which gallery, and its price in the page's language. A new gallery's order
 * is one purchase, not a move from Free: the server knows it (`newGallery`), so the phone that scanned the
 * payment page's QR code says "New gallery" too.
 */
export function CheckoutSummary({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const plan = t(`plans.names.${fromApiPlan(checkout.plan)}`);
  return (
    <section className="checkout-summary" aria-labelledby="checkout-summary-title">
      <h2 id="checkout-summary-title">{t('billing.checkout.summary')}</h2>
      <dl>
        <div>
          <dt>{t('billing.checkout.plan', { plan })}</dt>
          <dd data-testid="checkout-plan">
            {checkout.newGallery || checkoutOrigins(checkout.id).order
              ? t('billing.checkout.newGallery')
              : t('billing.checkout.upgrade', {
                  from: t(`plans.names.${fromApiPlan(checkout.fromPlan)}`),
                  to: plan,
                })}
          </dd>
        </div>
        <div>
          <dt>{t('billing.checkout.galleryLabel')}</dt>
          <dd data-testid="checkout-gallery">{checkout.eventCode}</dd>
        </div>
        <div className="checkout-total">
          <dt>{t('billing.checkout.total')}</dt>
          <dd data-testid="checkout-price">
            {formatPrice(checkout.amountCents, checkout.currency, language)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
