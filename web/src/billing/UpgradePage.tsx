import '../plans/plans.css';
import '../gallery/gallery.css';
import './billing.css';
import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { isGalleryCode, normalizeEventCode, REFUND_WINDOW_DAYS } from '@gallery/contracts';
import { track } from '../analytics/track';
import { readApiError, type ApiError } from '../api/apiErrors';
import { onLiveReconnect } from '../api/liveConnection';
import { fromApiPlan } from '../api/plan';
import { GalleryNotFound } from '../gallery/GalleryNotFound';
import { formatLastDay } from '../i18n/formatDate';
import { useLanguage } from '../i18n/useLanguage';
import { UpgradeWithCredit } from '../bundles/UseCredit';
import { PlanFeatureList } from '../plans/PlanFeatureList';
import { Spinner } from '../ui/Spinner';
import { REQUEST_REFUND, START_CHECKOUT, UPGRADE_EVENT_QUERY, type UpgradeEvent } from './graphql';
import { displayDate } from './displayDate';
import { MessagePanel } from './MessagePanel';
import { useEventUpdates } from './useEventUpdates';
import { formatPrice } from '../i18n/formatPrice';
import { upgradeChoices, type UpgradeChoice } from './payments';

/** /upgrade/{eventCode}: the gallery's plan, what it can move up to, and (for its owner) the way to pay. */
export function UpgradePage() {
  const params = useParams();
  const code = normalizeEventCode(params.eventCode ?? '');
  if (!isGalleryCode(code)) return <GalleryNotFound />;
  return <UpgradeGallery key={code} code={code} />;
}

type Step = 'idle' | 'processing' | 'redirecting';

function UpgradeGallery({ code }: { code: string }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const { data, loading, error, refetch } = useQuery(UPGRADE_EVENT_QUERY, {
    variables: { code },
    fetchPolicy: 'network-only',
  });
  const [startCheckout] = useMutation(START_CHECKOUT);
  const [step, setStep] = useState<Step>('idle');
  const [failure, setFailure] = useState<ApiError | null>(null);
  const [refunded, setRefunded] = useState<string | null>(null);
  useEventUpdates(data?.event ? code : null);

  useEffect(
    () =>
      onLiveReconnect(() => {
        refetch().catch(() => undefined);
      }),
    [refetch],
  );

  if (loading && !data) return <Spinner />;
  if (!data && error) {
    return (
      <MessagePanel title={t('billing.upgrade.loadFailed')} alert>
        <button type="button" className="button button-primary" onClick={() => void refetch()}>
          {t('billing.upgrade.retry')}
        </button>
      </MessagePanel>
    );
  }
  const event = data?.event;
  if (!event) return <GalleryNotFound />;

  const choices = upgradeChoices(event.plan);
  // The last day photos are kept (the storage ends at the start of the next day).
  const expiry = event.expiresAt ? formatLastDay(event.expiresAt) : null;

  // After startCheckout the couple goes to our /payment page, not straight to the provider's paymentUrl: it
  // shows what is bought, offers paying on a phone through a QR code, and follows the plan change itself.
  const upgrade = async (choice: UpgradeChoice) => {
    if (step !== 'idle') return;
    setFailure(null);
    setStep('processing');
    try {
      const result = await startCheckout({ variables: { eventCode: code, plan: choice.apiPlan } });
      const checkout = result.data?.startCheckout;
      if (!checkout) throw new Error('startCheckout gave no checkout');
      track('package_upgrade', { from: fromApiPlan(event.plan), to: choice.plan });
      setStep('redirecting');
      await navigate(`/payment?checkout=${encodeURIComponent(checkout.id)}`);
    } catch (caught) {
      setFailure(readApiError(caught));
      setStep('idle');
    }
  };

  return (
    <div className="upgrade-page">
      <h1>{t('billing.upgrade.title')}</h1>
      <p className="section-intro">{t('billing.upgrade.gallery', { code: event.code, name: event.name })}</p>
      <ul className="gallery-meta upgrade-current">
        <li data-testid="upgrade-current-plan">
          {t('billing.upgrade.currentPlan', { plan: t(`plans.names.${fromApiPlan(event.plan)}`) })}
        </li>
        <li data-testid="upgrade-photo-count">{t('gallery.photoCount', { count: event.photoCount })}</li>
        {expiry && <li data-testid="upgrade-expiry">{t('storage.keptUntil', { date: expiry })}</li>}
      </ul>

      {searchParams.has('cancelled') && (
        <p className="payment-note" role="status" data-testid="upgrade-cancelled">
          {t('billing.upgrade.cancelled')}
        </p>
      )}

      <UpgradeWithCredit
        eventCode={event.code}
        currentPlan={fromApiPlan(event.plan)}
        onRedeemed={() => void refetch().catch(() => undefined)}
      />

      <section className="upgrade-options" aria-labelledby="upgrade-options-title">
        <h2 id="upgrade-options-title">{t('billing.upgrade.optionsTitle')}</h2>
        {choices.length === 0 ? (
          <p>{t('billing.upgrade.topPlan', { plan: t(`plans.names.${fromApiPlan(event.plan)}`) })}</p>
        ) : (
          <>
            {!event.isOwner && (
              <p className="payment-note" data-testid="upgrade-owner-only">
                {t('billing.upgrade.ownerOnly')}
              </p>
            )}
            <div className="package-grid">
              {choices.map((choice) => {
                const name = t(`plans.names.${choice.plan}`);
                return (
                  <article key={choice.plan} className="plan-card" aria-label={name}>
                    <h3 className="plan-name">{name}</h3>
                    <p className="plan-price">{formatPrice(choice.amountCents, 'usd', language)}</p>
                    <PlanFeatureList plan={choice.plan} />
                    <button
                      type="button"
                      className="button button-primary"
                      disabled={!event.isOwner || step !== 'idle'}
                      onClick={() => void upgrade(choice)}
                    >
                      {t('billing.upgrade.choose', { plan: name })}
                    </button>
                  </article>
                );
              })}
            </div>
            <p className="hint">{t('billing.upgrade.guarantee', { count: REFUND_WINDOW_DAYS })}</p>
          </>
        )}
        <div role="status" aria-live="polite">
          {step === 'processing' && <p>{t('billing.upgrade.processing')}</p>}
          {step === 'redirecting' && <p>{t('billing.upgrade.redirecting')}</p>}
        </div>
        {failure && (
          <div className="form-error" role="alert" data-testid="upgrade-failed">
            <p>{t('billing.upgrade.failed')}</p>
            <p>{t(`errors.${failure.code}`, { count: failure.count })}</p>
          </div>
        )}
      </section>

      {refunded && (
        <p className="payment-note" role="status" data-testid="refund-done">
          {refunded}
        </p>
      )}
      {event.isOwner && event.refundableUntil && !refunded && (
        <RefundSection
          event={event}
          onRefunded={(message) => {
            setRefunded(message);
            refetch().catch(() => undefined);
          }}
        />
      )}
    </div>
  );
}

/** The money-back guarantee for the owner while the last payment can still be refunded. */
function RefundSection({
  event,
  onRefunded,
}: {
  event: UpgradeEvent;
  onRefunded: (message: string) => void;
}) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [requestRefund, { loading }] = useMutation(REQUEST_REFUND);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const until = displayDate(event.refundableUntil, language);

  const refund = async () => {
    setFailure(null);
    try {
      const result = await requestRefund({ variables: { eventCode: event.code } });
      const refunded = result.data?.requestRefund;
      if (!refunded) throw new Error('requestRefund gave no refund');
      onRefunded(
        t('billing.upgrade.refunded', {
          amount: formatPrice(refunded.amountCents, refunded.currency, language),
          plan: t(`plans.names.${fromApiPlan(refunded.revertedTo)}`),
        }),
      );
    } catch (caught) {
      // REFUND_WINDOW_CLOSED and the rest: the server's reason, in the page's language.
      setFailure(readApiError(caught));
    }
  };

  return (
    <section className="refund-section" aria-labelledby="refund-title">
      <h2 id="refund-title">{t('billing.upgrade.refund')}</h2>
      {until && <p>{t('billing.upgrade.refundUntil', { date: until })}</p>}
      <button
        type="button"
        className="button button-secondary"
        disabled={loading}
        onClick={() => void refund()}
      >
        {loading ? t('billing.upgrade.refunding') : t('billing.upgrade.refund')}
      </button>
      {failure && (
        <p className="form-error" role="alert" data-testid="refund-failed">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </section>
  );
}
