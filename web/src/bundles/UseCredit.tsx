import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery } from '@apollo/client/react';
import { useTranslation } from 'react-i18next';
import { BUNDLE_PLANS, creditFits, type BundlePlan, type PlanId } from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { toApiPlan } from '../api/plan';
import { Spinner } from '../ui/Spinner';
import { usableCredits } from './credits';
import { MY_BUNDLE_PURCHASES, REDEEM_CREDIT } from './graphql';
import './bundles.css';

function useRedeem(eventCode: string) {
  const [redeem, { loading }] = useMutation(REDEEM_CREDIT, { refetchQueries: [MY_BUNDLE_PURCHASES] });
  const [failure, setFailure] = useState<ApiError | null>(null);
  const spend = async (creditId: string, plan: BundlePlan): Promise<boolean> => {
    setFailure(null);
    try {
      await redeem({ variables: { creditId, eventCode, plan: toApiPlan(plan) } });
      return true;
    } catch (error) {
      setFailure(readApiError(error));
      return false;
    }
  };
  return { spend, redeeming: loading, failure };
}

function Refusal({ failure }: { failure: ApiError | null }) {
  const { t } = useTranslation();
  if (!failure) return null;
  return (
    <p className="field-error" role="alert">
      {t(`errors.${failure.code}`, { count: failure.count })}
    </p>
  );
}

/**
 * After a gallery is created with a paid plan (order form, /create-event): when the owner holds a credit of that
 * plan, the choice to use it instead of paying; otherwise straight on to the payment (`onPay`).
 */
export function CreditOrPay({
  eventCode,
  plan,
  onPay,
  onRedeemed,
}: {
  eventCode: string;
  plan: PlanId;
  onPay: () => void;
  onRedeemed: () => void;
}) {
  const { t } = useTranslation();
  const { data, loading, error } = useQuery(MY_BUNDLE_PURCHASES, { fetchPolicy: 'network-only' });
  const { spend, redeeming, failure } = useRedeem(eventCode);
  const credits = plan === 'free' ? [] : usableCredits(data?.myBundlePurchases ?? [], plan);
  const noCredit = !loading && (Boolean(error) || credits.length === 0);
  const paying = useRef(false);

  useEffect(() => {
    if (noCredit && !paying.current) {
      paying.current = true;
      onPay();
    }
  }, [noCredit, onPay]);

  if (loading || noCredit) return <Spinner label={t('common.loading')} />;
  const planName = t(`plans.names.${plan}`);
  return (
    <section className="use-credit" aria-labelledby="use-credit-title">
      <h2 id="use-credit-title">{t('bundles.useCreditTitle')}</h2>
      <p>{t('bundles.useCreditText', { count: credits.length, plan: planName })}</p>
      <p className="bundle-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={redeeming}
          onClick={() => void spend(credits[0].id, plan as BundlePlan).then((spent) => spent && onRedeemed())}
        >
          {redeeming ? t('bundles.redeeming') : t('bundles.useCredit')}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={redeeming}
          onClick={() => {
            paying.current = true;
            onPay();
          }}
        >
          {t('bundles.payInstead')}
        </button>
      </p>
      <Refusal failure={failure} />
    </section>
  );
}

/** On the upgrade page: an upgrade with one of the owner's credits, for each plan a credit of theirs fits. */
export function UpgradeWithCredit({
  eventCode,
  currentPlan,
  onRedeemed,
}: {
  eventCode: string;
  currentPlan: PlanId;
  onRedeemed: () => void;
}) {
  const { t } = useTranslation();
  const { data } = useQuery(MY_BUNDLE_PURCHASES, { fetchPolicy: 'network-only' });
  const { spend, redeeming, failure } = useRedeem(eventCode);
  const [upgradedTo, setUpgradedTo] = useState<BundlePlan | null>(null);
  // Not signed in, or no credits: nothing to offer (the query's refusal is not this page's business).
  const offers = BUNDLE_PLANS.filter((plan) => creditFits(plan, currentPlan))
    .map((plan) => ({ plan, credits: usableCredits(data?.myBundlePurchases ?? [], plan) }))
    .filter((offer) => offer.credits.length > 0);
  if (upgradedTo) {
    return (
      <p className="use-credit" role="status" data-testid="upgraded-with-credit">
        {t('bundles.upgraded', { plan: t(`plans.names.${upgradedTo}`) })}
      </p>
    );
  }
  if (offers.length === 0) return null;
  return (
    <section className="use-credit" aria-labelledby="upgrade-credit-title">
      <h2 id="upgrade-credit-title">{t('bundles.useCreditTitle')}</h2>
      <p className="bundle-actions">
        {offers.map(({ plan, credits }) => (
          <button
            key={plan}
            type="button"
            className="button button-primary"
            disabled={redeeming}
            onClick={() =>
              void spend(credits[0].id, plan).then((spent) => {
                if (!spent) return;
                setUpgradedTo(plan);
                onRedeemed();
              })
            }
          >
            {t('bundles.upgradeWithCredit', { count: credits.length, plan: t(`plans.names.${plan}`) })}
          </button>
        ))}
      </p>
      <Refusal failure={failure} />
    </section>
  );
}
