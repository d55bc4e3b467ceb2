import './plans.css';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@gallery/contracts';
import { planFeatures } from './planFeatures';

export function PlanFeatureList({ plan, id }: { plan: PlanId; id?: string }) {
  const { t } = useTranslation();
  return (
    <ul className="feature-list" id={id}>
      {planFeatures(plan).map((line) => (
        <li key={line.key}>{t(line.key, line.values)}</li>
      ))}
    </ul>
  );
}
