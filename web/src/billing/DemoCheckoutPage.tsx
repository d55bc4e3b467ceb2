import './billing.css';
import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../i18n/useLanguage';
import { CheckoutGate } from './CheckoutGate';
import { CheckoutSummary } from './CheckoutSummary';
import { CANCEL_CHECKOUT, PAY_DEMO_CHECKOUT, type Checkout } from './graphql';
import { MessagePanel } from './MessagePanel';
import { formatPrice } from '../i18n/formatPrice';
import { useCheckout } from './useCheckout';

/** /demo-checkout?checkout=ID: stands in for Stripe's page without Stripe keys; Pay drives the real webhook path. */
export function DemoCheckoutPage() {
  const state = useCheckout();
  return <CheckoutGate state={state}>{(checkout) => <DemoCheckout checkout={checkout} />}</CheckoutGate>;
}

function DemoCheckout({ checkout }: { checkout: Checkout }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [pay, paying] = useMutation(PAY_DEMO_CHECKOUT);
  const [cancel, cancelling] = useMutation(CANCEL_CHECKOUT);
  const [failed, setFailed] = useState(false);
  const id = encodeURIComponent(checkout.id);
  const busy = paying.loading || cancelling.loading;

  if (checkout.status === 'PAID' || checkout.status === 'REFUNDED') {
    return (
      <MessagePanel title={t('billing.checkout.alreadyPaid')}>
        <Link className="button button-primary" to={`/payment-verification?checkout=${id}`}>
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

  const submit = async (action: 'pay' | 'cancel') => {
    if (busy) return;
    setFailed(false);
    try {
      if (action === 'pay') {
        await pay({ variables: { id: checkout.id } });
        await navigate(`/payment-verification?checkout=${id}`);
      } else {
        await cancel({ variables: { id: checkout.id } });
        await navigate(`/upgrade/${encodeURIComponent(checkout.eventCode)}?cancelled=${id}`);
      }
    } catch {
      setFailed(true);
    }
  };

  return (
    <div className="checkout-page">
      <h1>{t('billing.demo.title')}</h1>
      <p className="payment-note">{t('billing.demo.notice')}</p>
      <CheckoutSummary checkout={checkout} />
      <div className="button-row">
        <button
          type="button"
          className="button button-primary button-large"
          disabled={busy}
          onClick={() => void submit('pay')}
        >
          {t('billing.demo.pay', { price: formatPrice(checkout.amountCents, checkout.currency, language) })}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={busy}
          onClick={() => void submit('cancel')}
        >
          {t('billing.demo.cancel')}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {paying.loading && <p>{t('billing.demo.paying')}</p>}
        {cancelling.loading && <p>{t('billing.demo.cancelling')}</p>}
      </div>
      {failed && (
        <p className="form-error" role="alert">
          {t('billing.demo.failed')}
        </p>
      )}
    </div>
  );
}
