import './billing.css';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CheckoutGate } from './CheckoutGate';
import { CheckoutSummary } from './CheckoutSummary';
import { goToPayment } from './goToPayment';
import type { Checkout } from './graphql';
import { MessagePanel } from './MessagePanel';
import { isOnPhone } from './onPhone';
import { QrImage } from './QrImage';
import { useCheckout } from './useCheckout';
import { usePaymentProgress } from './usePaymentProgress';

/**
 * /payment?checkout=ID: what is bought, the way to the payment provider, and (unless this is a phone) a QR code
 * to pay on a phone. It follows the plan too: paid on the phone, this screen moves on to the verification.
 */
export function PaymentPage() {
  const state = useCheckout();
  return (
    <CheckoutGate state={state}>
      {(checkout) => <Payment checkout={checkout} rereadCheckout={state.refetch} />}
    </CheckoutGate>
  );
}

function Payment({ checkout, rereadCheckout }: { checkout: Checkout; rereadCheckout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { progress } = usePaymentProgress(checkout, rereadCheckout);
  const [redirecting, setRedirecting] = useState(false);
  const [onPhone] = useState(isOnPhone);
  const id = encodeURIComponent(checkout.id);

  useEffect(() => {
    if (progress.state === 'applied')
      void navigate(`/payment-verification?checkout=${id}`, { replace: true });
  }, [progress.state, id, navigate]);

  if (checkout.status === 'CANCELLED') {
    return (
      <MessagePanel title={t('billing.verification.cancelledTitle')} alert>
        <p>{t('billing.checkout.cancelled')}</p>
        <Link className="button button-primary" to={`/upgrade/${encodeURIComponent(checkout.eventCode)}`}>
          {t('billing.verification.backToPlans')}
        </Link>
      </MessagePanel>
    );
  }

  const phoneUrl = `${window.location.origin}/mobile-checkout?checkout=${id}`;
  return (
    <div className="payment-page">
      <h1>{t('billing.payment.title')}</h1>
      <CheckoutSummary checkout={checkout} />
      <section className="payment-here" aria-labelledby="payment-redirect-title">
        <h2 id="payment-redirect-title">{t('billing.payment.payTitle')}</h2>
        <p>{t('billing.payment.intro')}</p>
        <button
          type="button"
          className="button button-primary button-large"
          disabled={redirecting || checkout.status !== 'OPEN'}
          onClick={() => {
            setRedirecting(true);
            goToPayment(checkout, navigate);
          }}
        >
          {t('billing.payment.payHere')}
        </button>
        <div role="status" aria-live="polite">
          {redirecting && <p>{t('billing.upgrade.redirecting')}</p>}
          {checkout.status === 'PAID' && <p>{t('billing.verification.waiting')}</p>}
        </div>
      </section>
      {!onPhone && (
        <section className="payment-phone" aria-labelledby="payment-phone-title">
          <h2 id="payment-phone-title">{t('billing.payment.phoneTitle')}</h2>
          <p className="hint">{t('billing.payment.phoneHint')}</p>
          <QrImage url={phoneUrl} alt={t('billing.payment.qrAlt')} testId="payment-qr" />
        </section>
      )}
    </div>
  );
}
