import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BUNDLE_PLANS } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { fromApiPlan } from '../api/plan';
import { formatPrice } from '../i18n/formatPrice';
import { formatDate } from '../i18n/formatDate';
import { useLanguage, usePagePath } from '../i18n/useLanguage';
import { Spinner } from '../ui/Spinner';
import { BUNDLES_ANCHOR } from './BundleOffers';
import { usableCredits } from './credits';
import {
  BUNDLE_CHECKOUT,
  CANCEL_BUNDLE_CHECKOUT,
  MY_BUNDLE_PURCHASES,
  PAY_DEMO_BUNDLE_CHECKOUT,
  REFUND_UNUSED_CREDITS,
  type BundlePurchase,
  type Credit,
} from './graphql';
import './bundles.css';

/**
 * The dashboard's bundles, below the couple's galleries: the checkout a purchase came back from (the demo's pay
 * and cancel), the credits left per plan, each purchase with its credits and their expiry or the gallery they
 * became, refunds of unused credits within the window. The bundles on sale are one line and a link to the
 * pricing page: a couple's dashboard is their galleries first, not a planners' offer.
 */
export function OwnerBundles() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const checkoutId = searchParams.get('bundleCheckout');
  const { data, loading, error, refetch } = useQuery(MY_BUNDLE_PURCHASES, { fetchPolicy: 'network-only' });
  const purchases = data?.myBundlePurchases ?? [];
  const offer = <BundleTeaser />;
  if (!checkoutId && purchases.length === 0 && !error) return loading && !data ? null : offer;

  return (
    <section className="owner-bundles" aria-labelledby="owner-bundles-title">
      <h2 id="owner-bundles-title">{t('bundles.yourCredits')}</h2>
      {checkoutId && <BundleCheckoutPanel id={checkoutId} onPaid={() => void refetch()} />}
      {loading && !data ? (
        <Spinner label={t('common.loading')} />
      ) : error && !data ? (
        <p role="alert">{t(`errors.${readApiError(error).code}`)}</p>
      ) : purchases.length === 0 ? (
        <p>{t('bundles.none')}</p>
      ) : (
        <>
          <ul className="bundle-left" data-testid="credits-left">
            {BUNDLE_PLANS.map((plan) => {
              const count = usableCredits(purchases, plan).length;
              return count > 0 ? (
                <li key={plan}>{t('bundles.left', { count, plan: t(`plans.names.${plan}`) })}</li>
              ) : null;
            })}
          </ul>
          <ul className="bundle-purchases">
            {purchases.map((purchase) => (
              <PurchaseItem key={purchase.id} purchase={purchase} />
            ))}
          </ul>
        </>
      )}
      {offer}
    </section>
  );
}

/** The bundles on sale, in one line: what they are and the way to the pricing page, where they are bought. */
function BundleTeaser() {
  const { t } = useTranslation();
  const pagePath = usePagePath();
  return (
    <p className="bundle-teaser" data-testid="bundle-teaser">
      {t('bundles.teaser')}{' '}
      <Link to={`${pagePath('pricing')}#${BUNDLES_ANCHOR}`}>{t('bundles.seeBundles')}</Link>
    </p>
  );
}

function PurchaseItem({ purchase }: { purchase: BundlePurchase }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const [refund, { loading: refunding }] = useMutation(REFUND_UNUSED_CREDITS);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const plan = t(`plans.names.${fromApiPlan(purchase.plan)}`);
  const unused = purchase.credits.filter((credit) => credit.status === 'UNUSED').length;
  const refundAmount = formatPrice(purchase.refundableCents, purchase.currency, language);

  const askRefund = async () => {
    setFailure(null);
    try {
      await refund({ variables: { purchaseId: purchase.id } });
    } catch (error) {
      setFailure(readApiError(error));
    }
  };

  return (
    <li className="bundle-purchase" data-purchase={purchase.id}>
      <h3>
        {t('bundles.purchase', {
          count: purchase.events * purchase.quantity,
          plan,
          date: formatDate(purchase.paidAt, language),
          amount: formatPrice(purchase.amountCents, purchase.currency, language),
        })}
      </h3>
      <ul className="bundle-credits">
        {purchase.credits.map((credit) => (
          <li key={credit.id} className={`bundle-credit bundle-credit-${credit.status.toLowerCase()}`}>
            <CreditLine credit={credit} />
          </li>
        ))}
      </ul>
      {purchase.refundCents !== null && (
        <p className="bundle-note">
          {t('bundles.refunded', { amount: formatPrice(purchase.refundCents, purchase.currency, language) })}
        </p>
      )}
      {purchase.refundableUntil && unused > 0 && (
        <p className="bundle-refund">
          <button
            type="button"
            className="button button-secondary"
            disabled={refunding}
            onClick={() => void askRefund()}
          >
            {refunding
              ? t('bundles.refunding')
              : t('bundles.refund', { count: unused, amount: refundAmount })}
          </button>{' '}
          <span className="bundle-note">
            {t('bundles.refundUntil', { date: formatDate(purchase.refundableUntil, language) })}
          </span>
        </p>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </li>
  );
}

function CreditLine({ credit }: { credit: Credit }) {
  const { t } = useTranslation();
  const language = useLanguage();
  if (credit.status === 'REDEEMED') {
    const date = formatDate(credit.redeemedAt!, language);
    return credit.eventCode
      ? t('bundles.status.REDEEMED', { date, code: credit.eventCode })
      : t('bundles.status.REDEEMED_GONE', { date });
  }
  return t(`bundles.status.${credit.status}`, { date: formatDate(credit.expiresAt, language) });
}

/** A bundle checkout this browser came back to: the demo's payment page, or Stripe's confirmation. */
function BundleCheckoutPanel({ id, onPaid }: { id: string; onPaid: () => void }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const { data, loading, refetch } = useQuery(BUNDLE_CHECKOUT, {
    variables: { id },
    fetchPolicy: 'network-only',
  });
  const [pay, { loading: paying }] = useMutation(PAY_DEMO_BUNDLE_CHECKOUT);
  const [cancel, { loading: cancelling }] = useMutation(CANCEL_BUNDLE_CHECKOUT);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = Boolean(data?.bundleCheckout);
  // The couple comes here to pay: the panel is brought into view and announced, below however many galleries.
  useEffect(() => {
    if (!shown) return;
    heading.current?.scrollIntoView({ block: 'start' });
    heading.current?.focus({ preventScroll: true });
  }, [shown]);
  if (loading && !data) return <Spinner label={t('common.loading')} />;
  const checkout = data?.bundleCheckout;
  if (!checkout) return <p role="alert">{t('errors.CHECKOUT_NOT_FOUND')}</p>;
  const amount = formatPrice(checkout.amountCents, checkout.currency, language);
  const act = async (action: () => Promise<unknown>) => {
    setFailure(null);
    try {
      await action();
      onPaid();
    } catch (error) {
      setFailure(readApiError(error));
    }
  };

  return (
    <div className="bundle-checkout" role="region" aria-labelledby="bundle-checkout-title">
      <h3 id="bundle-checkout-title" ref={heading} tabIndex={-1}>
        {t('bundles.checkoutTitle')}
      </h3>
      <p>
        {t('bundles.checkoutSummary', {
          count: checkout.events * checkout.quantity,
          plan: t(`plans.names.${fromApiPlan(checkout.plan)}`),
          amount,
        })}
      </p>
      {checkout.status === 'PAID' ? (
        <p role="status">{t('bundles.paid')}</p>
      ) : checkout.status === 'CANCELLED' ? (
        <p role="status">{t('bundles.cancelled')}</p>
      ) : checkout.demo ? (
        <>
          <p className="bundle-note">{t('bundles.demoNote')}</p>
          <p className="bundle-actions">
            <button
              type="button"
              className="button button-primary"
              disabled={paying || cancelling}
              onClick={() => void act(() => pay({ variables: { id } }))}
            >
              {t('bundles.payDemo', { amount })}
            </button>
            <button
              type="button"
              className="button button-ghost"
              disabled={paying || cancelling}
              onClick={() => void act(() => cancel({ variables: { id } }))}
            >
              {t('bundles.cancel')}
            </button>
          </p>
        </>
      ) : (
        <p role="status">
          {t('bundles.confirming')}{' '}
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void refetch().then(onPaid)}
          >
            {t('bundles.refresh')}
          </button>
        </p>
      )}
      {failure && (
        <p className="field-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
    </div>
  );
}
