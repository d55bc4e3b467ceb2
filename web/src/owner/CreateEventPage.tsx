import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PLAN_IDS, type PlanId } from '@gallery/contracts';
import { track } from '../analytics/track';
import { readApiError, type ApiError } from '../api/apiErrors';
import { toApiPlan } from '../api/plan';
import { START_CHECKOUT } from '../billing/graphql';
import { rememberCheckout } from '../billing/payments';
import { fieldErrorsFromServer } from '../order/orderForm';
import { Spinner } from '../ui/Spinner';
import { EventDetailsForm, type DetailsErrors } from './EventDetailsForm';
import { CREATE_EVENT } from './graphql';
import { useUser } from '../signIn/session';
import { SignInForm } from '../signIn/SignInForm';
import { CreditOrPay } from '../bundles/UseCredit';
import './owner.css';

/**
 * /create-event: a signed-in owner's next gallery. Only the wedding's details and the package are asked: the
 * contact details are the owner's. Free is created at once; a paid package goes through the checkout.
 */
export function CreateEventPage() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const { user, checking } = useUser();
  const [plan, setPlan] = useState<PlanId>('free');
  const [serverErrors, setServerErrors] = useState<DetailsErrors>({});
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [busy, setBusy] = useState(false);
  const [createEvent] = useMutation(CREATE_EVENT);
  const [startCheckout] = useMutation(START_CHECKOUT);
  const [awaitingPayment, setAwaitingPayment] = useState<string | null>(null);

  if (checking) return <Spinner label={t('common.loading')} />;
  if (!user) {
    return (
      <div className="owner-page create-event-page">
        <h1>{t('owner.create.title')}</h1>
        <SignInForm />
      </div>
    );
  }

  const create = async (details: { coupleNames: string; weddingDate: string; location: string }) => {
    setBusy(true);
    setFailure(null);
    try {
      const result = await createEvent({
        variables: { input: { ...details, plan: toApiPlan(plan), language: i18n.language } },
      });
      const created = result.data?.createEvent;
      if (!created) throw new Error('createEvent gave no gallery');
      const code = created.event.code;
      if (!created.paymentRequired) {
        await navigate(`/event/${code}`);
        return;
      }
      // A credit of that plan when the owner holds one (CreditOrPay), else the checkout.
      setAwaitingPayment(code);
    } catch (error) {
      const apiError = readApiError(error);
      setServerErrors(fieldErrorsFromServer(apiError.fields) as DetailsErrors);
      if (!apiError.fields) setFailure(apiError);
      setBusy(false);
    }
  };

  const pay = async (code: string) => {
    try {
      const checkout = (await startCheckout({ variables: { eventCode: code, plan: toApiPlan(plan) } })).data
        ?.startCheckout;
      if (!checkout) throw new Error('startCheckout gave no checkout');
      rememberCheckout('order', checkout.id);
      track('package_upgrade', { from: 'free', to: plan });
      await navigate(`/payment?checkout=${encodeURIComponent(checkout.id)}`);
    } catch (error) {
      setFailure(readApiError(error));
      setAwaitingPayment(null);
      setBusy(false);
    }
  };

  if (awaitingPayment) {
    return (
      <div className="owner-page create-event-page">
        <h1>{t('owner.create.title')}</h1>
        <CreditOrPay
          eventCode={awaitingPayment}
          plan={plan}
          onPay={() => void pay(awaitingPayment)}
          onRedeemed={() => void navigate(`/event/${awaitingPayment}`)}
        />
      </div>
    );
  }

  return (
    <div className="page owner-page create-event-page">
      <h1>{t('owner.create.title')}</h1>
      <p>{t('owner.create.intro', { email: user.email })}</p>
      <div className="page-section">
        <EventDetailsForm
          initial={{ coupleNames: '', weddingDate: '', location: '' }}
          submitLabel={t('owner.create.submit')}
          busy={busy}
          serverErrors={serverErrors}
          onSubmit={(details) => void create(details)}
        >
          <fieldset className="create-event-plans">
            <legend>{t('order.packageSelection')}</legend>
            {PLAN_IDS.map((id) => (
              <label key={id} className="create-event-plan">
                <input
                  type="radio"
                  name="plan"
                  value={id}
                  checked={plan === id}
                  onChange={() => setPlan(id)}
                />
                {t(`plans.names.${id}`)}
              </label>
            ))}
          </fieldset>
        </EventDetailsForm>
      </div>
      {failure && (
        <p className="form-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </div>
  );
}
