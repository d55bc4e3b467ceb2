import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BUNDLE_PLANS,
  BUNDLE_PRICED_AS_EVENTS,
  BUNDLES,
  REFUND_WINDOW_DAYS,
  type Bundle,
} from '@gallery/contracts';
import { readApiError, type ApiError } from '../api/apiErrors';
import { formatPrice } from '../i18n/formatPrice';
import { useLanguage } from '../i18n/useLanguage';
import { useUser } from '../signIn/session';
import { START_BUNDLE_CHECKOUT } from './graphql';
import './bundles.css';

const CURRENCY = 'usd';
/** The pricing page's bundles, as links name them (`/pricing#bundles`). */
export const BUNDLES_ANCHOR = 'bundles';
// The pricing page loads without the GraphQL client; it comes with the first purchase.
const graphqlClient = () => import('../api/apolloClient').then((module) => module.apolloClient);

/**
 * The bundles of the catalogue with their prices, for the pricing page and the dashboard. A signed-in owner
 * buys one here (the checkout, then Stripe's page or the demo on the dashboard); anyone else is sent to sign in.
 */
export function BundleOffers({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { t } = useTranslation();
  const language = useLanguage();
  const navigate = useNavigate();
  const { user } = useUser();
  const [starting, setStarting] = useState<string | null>(null);
  const [failure, setFailure] = useState<ApiError | null>(null);
  const Heading = `h${headingLevel}` as const;
  const { hash } = useLocation();
  const section = useRef<HTMLElement>(null);
  // The dashboard's "See event bundles" link lands here (#bundles), below the plans.
  useEffect(() => {
    if (hash === `#${BUNDLES_ANCHOR}`) section.current?.scrollIntoView({ block: 'start' });
  }, [hash]);

  const buy = async (bundle: Bundle) => {
    setStarting(bundle.id);
    setFailure(null);
    try {
      const client = await graphqlClient();
      const result = await client.mutate({
        mutation: START_BUNDLE_CHECKOUT,
        variables: { bundleId: bundle.id, quantity: 1 },
      });
      const checkout = result.data?.startBundleCheckout;
      if (!checkout) throw new Error('startBundleCheckout gave no checkout');
      if (checkout.demo) await navigate(`/dashboard?bundleCheckout=${encodeURIComponent(checkout.id)}`);
      else window.location.assign(checkout.paymentUrl);
    } catch (error) {
      setFailure(readApiError(error));
      setStarting(null);
    }
  };

  return (
    <section
      ref={section}
      id={BUNDLES_ANCHOR}
      className="section bundle-offers"
      aria-labelledby="bundle-offers-title"
    >
      <Heading id="bundle-offers-title">{t('bundles.title')}</Heading>
      <p className="section-intro">{t('bundles.intro')}</p>
      {BUNDLE_PLANS.map((plan) => (
        <ul key={plan} className="bundle-grid" aria-label={t(`plans.names.${plan}`)}>
          {BUNDLES.filter((bundle) => bundle.plan === plan).map((bundle) => {
            const planName = t(`plans.names.${plan}`);
            const price = formatPrice(bundle.priceCents, CURRENCY, language);
            return (
              <li key={bundle.id} className="bundle-card" data-bundle={bundle.id}>
                <p className="bundle-name">{t('bundles.events', { count: bundle.events, plan: planName })}</p>
                <p className="bundle-price">{price}</p>
                <p className="bundle-deal">
                  {t('bundles.pricedAs', { count: BUNDLE_PRICED_AS_EVENTS[bundle.events] })}
                  {' · '}
                  {t('bundles.instead', { amount: formatPrice(bundle.fullPriceCents, CURRENCY, language) })}
                </p>
                <p className="bundle-per-event">
                  {t('bundles.perEvent', {
                    amount: formatPrice(Math.round(bundle.priceCents / bundle.events), CURRENCY, language),
                  })}
                </p>
                {user ? (
                  <button
                    type="button"
                    className="button button-primary"
                    disabled={starting !== null}
                    aria-label={t('bundles.buyLabel', {
                      count: bundle.events,
                      plan: planName,
                      amount: price,
                    })}
                    onClick={() => void buy(bundle)}
                  >
                    {starting === bundle.id ? t('bundles.starting') : t('bundles.buy')}
                  </button>
                ) : (
                  <Link to="/dashboard" className="button button-secondary">
                    {t('bundles.signInToBuy')}
                  </Link>
                )}
              </li>
            );
          })}
        </ul>
      ))}
      {failure && (
        <p className="field-error" role="alert">
          {t(`errors.${failure.code}`, { count: failure.count })}
        </p>
      )}
      <p className="bundle-note">{t('bundles.valid')}</p>
      <p className="bundle-note">{t('bundles.refundRule', { days: REFUND_WINDOW_DAYS })}</p>
    </section>
  );
}
