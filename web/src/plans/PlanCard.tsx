import './plans.css';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@gallery/contracts';
import { usePagePath } from '../i18n/useLanguage';
import { planPrice } from './planFeatures';
import { PlanFeatureList } from './PlanFeatureList';

export function PlanCard({ plan, featured = false }: { plan: PlanId; featured?: boolean }) {
  const { t } = useTranslation();
  const pagePath = usePagePath();
  const name = t(`plans.names.${plan}`);
  return (
    <article className={featured ? 'plan-card is-featured' : 'plan-card'} aria-label={name}>
      {featured && <p className="plan-badge">{t('plans.popular')}</p>}
      <h3 className="plan-name">{name}</h3>
      <p className="plan-price">{t('plans.price', planPrice(plan))}</p>
      <PlanFeatureList plan={plan} />
      <Link
        to={`${pagePath('order')}?plan=${plan}`}
        className={featured ? 'button button-primary' : 'button button-secondary'}
      >
        {t('plans.choose', { plan: name })}
      </Link>
    </article>
  );
}
