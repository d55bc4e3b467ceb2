import './order.css';
import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isPlanId, type PlanId } from '@gallery/contracts';
import { track } from '../analytics/track';
import { toApiPlan } from '../api/plan';
import { START_CHECKOUT } from '../billing/graphql';
import { rememberCheckout } from '../billing/payments';
import { CreditOrPay } from '../bundles/UseCredit';
import { usePageMeta } from '../layout/usePageMeta';
import { Spinner } from '../ui/Spinner';
import { useSessionActions } from '../signIn/session';
import type { CreatedGallery } from './graphql';
import { OrderForm } from './OrderForm';
import { OrderSuccess } from './OrderSuccess';

export function OrderPage() {
  const { t } = useTranslation();
  usePageMeta('order');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const [created, setCreated] = useState<CreatedGallery | null>(null);
  const [startingPayment, setStartingPayment] = useState(false);
  const [paymentNotStarted, setPaymentNotStarted] = useState(false);
  const [awaitingPayment, setAwaitingPayment] = useState<{ gallery: CreatedGallery; plan: PlanId } | null>(
    null,
  );
  const [startCheckout] = useMutation(START_CHECKOUT);
  const { keepSession } = useSessionActions();
  const requestedPlan = searchParams.get('plan');
  const initialPlan = isPlanId(requestedPlan) ? requestedPlan : 'free';

  /**
   * A paid package goes to its checkout at once, with the owner token just received (the Apollo link reads it
   * from storage), and on to the payment page; the gallery is shown once the payment is applied.
   */
  const payFor = async (gallery: CreatedGallery, plan: PlanId) => {
    setStartingPayment(true);
    try {
      const result = await startCheckout({
        variables: { eventCode: gallery.event.code, plan: toApiPlan(plan) },
      });
      const checkout = result.data?.startCheckout;
      if (!checkout) throw new Error('startCheckout gave no checkout');
      rememberCheckout('order', checkout.id);
      track('package_upgrade', { from: 'free', to: plan });
      await navigate(`/payment?checkout=${encodeURIComponent(checkout.id)}`);
    } catch {
      // The gallery exists: show it, with the way to pay from its upgrade page.
      setPaymentNotStarted(true);
      setCreated(gallery);
      setStartingPayment(false);
    }
  };

  return (
    <div className="order-page">
      <h1>{t('order.title')}</h1>
      {created ? (
        <>
          <OrderSuccess created={created} />
          {paymentNotStarted && (
            <p className="payment-note" role="alert">
              {t('billing.order.paymentNotStarted')}{' '}
              <Link to={`/upgrade/${encodeURIComponent(created.event.code)}`}>
                {t('billing.order.payNow')}
              </Link>
            </p>
          )}
        </>
      ) : awaitingPayment && !startingPayment ? (
        <CreditOrPay
          eventCode={awaitingPayment.gallery.event.code}
          plan={awaitingPayment.plan}
          onPay={() => void payFor(awaitingPayment.gallery, awaitingPayment.plan)}
          onRedeemed={() => setCreated(awaitingPayment.gallery)}
        />
      ) : startingPayment ? (
        <Spinner label={t('billing.upgrade.redirecting')} />
      ) : (
        <>
          <p className="section-intro">{t('order.subtitle')}</p>
          <OrderForm
            initialPlan={initialPlan}
            onCreated={(result, plan) => {
              // The session covers every gallery of the order's email: this browser is signed in.
              keepSession(result.sessionToken);
              // A paid package: a credit of that plan when the owner holds one, else the checkout.
              if (result.paymentRequired && plan !== 'free') setAwaitingPayment({ gallery: result, plan });
              else setCreated(result);
            }}
          />
        </>
      )}
    </div>
  );
}
