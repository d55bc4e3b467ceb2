import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { track } from '../analytics/track';
import { Spinner } from '../ui/Spinner';
import { CheckoutGate } from './CheckoutGate';
import type { Checkout } from './graphql';
import { MessagePanel } from './MessagePanel';
import { useCheckout } from './useCheckout';
import { usePaymentProgress } from './usePaymentProgress';

/** After this long without the plan change, the page says it is taking longer than usual. */
const SLOW_AFTER_MS = 20_000;

/** /payment-verification?checkout=ID: waits for the payment's effect (the plan change), then goes on. */
export function PaymentVerificationPage() {
  const state = useCheckout();
  return (
    <CheckoutGate state={state}>
      {(checkout) => <Verification checkout={checkout} rereadCheckout={state.refetch} />}
    </CheckoutGate>
  );
}

function Verification({ checkout, rereadCheckout }: { checkout: Checkout; rereadCheckout: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { progress } = usePaymentProgress(checkout, rereadCheckout);
  const [slow, setSlow] = useState(false);
  const tracked = useRef(false);

  useEffect(() => {
    const timer = setTimeout(() => setSlow(true), SLOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (progress.state !== 'applied') return;
    // Counted once, on the computer that bought (a phone only says "done" and sends the couple back to it).
    if (!tracked.current && progress.next !== '/payment-complete') {
      tracked.current = true;
      track('payment_success', {
        value: checkout.amountCents / 100,
        currency: checkout.currency.toUpperCase(),
      });
    }
    void navigate(progress.next, { replace: true });
  }, [progress, checkout, navigate]);

  if (progress.state === 'cancelled') {
    return (
      <MessagePanel title={t('billing.verification.cancelledTitle')} alert testId="verification-cancelled">
        <p>{t('billing.verification.cancelled')}</p>
        <Link className="button button-primary" to={`/upgrade/${encodeURIComponent(checkout.eventCode)}`}>
          {t('billing.verification.backToPlans')}
        </Link>
      </MessagePanel>
    );
  }

  return (
    <MessagePanel title={t('billing.verification.title')} testId="verification-waiting">
      <Spinner label={t('billing.verification.waiting')} />
      {slow && (
        <>
          <p className="payment-note" role="status">
            {t('billing.verification.slow')}
          </p>
          <Link to={`/upgrade/${encodeURIComponent(checkout.eventCode)}`}>
            {t('billing.verification.backToPlans')}
          </Link>
        </>
      )}
    </MessagePanel>
  );
}
