import './billing.css';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { CheckoutGate } from './CheckoutGate';
import { CheckoutSummary } from './CheckoutSummary';
import { goToPayment } from './goToPayment';
import type { Checkout } from './graphql';
import { MessagePanel } from './MessagePanel';
import { formatPrice } from '../i18n/formatPrice';
import { rememberCheckout } from './payments';
import { useCheckout } from './useCheckout';

/**
 * /mobile-checkout?checkout=ID: the same checkout on the phone that scanned the payment page's QR code. This
 * browser remembers it was the phone, so after paying it lands on /payment-complete.
 */
export function MobileCheckoutPage() {
  const state = useCheckout();
  return <CheckoutGate state={state}>{(checkout) => <MobileCheckout checkout={checkout} />}</CheckoutGate>;
}

function MobileCheckout({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [redirecting, setRedirecting] = useState(false);

  if (checkout.status === 'PAID' || checkout.status === 'REFUNDED') {
    return (
      <MessagePanel title={t('billing.checkout.alreadyPaid')}>
        <Link className="button button-primary" to="/payment-complete">
          {t('billing.checkout.seeResult')}
        </Link>
      </MessagePanel>
    );
  }
  if (checkout.status === 'CANCELLED') {
    return (
      <MessagePanel title={t('billing.verification.cancelledTitle')}>
        <p>{t('billing.checkout.cancelled')}</p>
      </MessagePanel>
    );
  }

  return (
    <div className="checkout-page is-phone">
      <h1>{t('billing.mobile.title')}</h1>
      <CheckoutSummary checkout={checkout} />
      <button
        type="button"
        className="button button-primary button-large"
        disabled={redirecting}
        onClick={() => {
          rememberCheckout('phone', checkout.id);
          setRedirecting(true);
          goToPayment(checkout, navigate);
        }}
      >
        {t('billing.mobile.pay', { price: formatPrice(checkout.amountCents, checkout.currency, language) })}
      </button>
      <div role="status" aria-live="polite">
        {redirecting && <p>{t('billing.upgrade.redirecting')}</p>}
      </div>
    </div>
  );
}
