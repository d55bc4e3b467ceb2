import '../plans/plans.css';
import './order.css';
import { useTranslation } from 'react-i18next';
import type { PlanId } from '@gallery/contracts';
import { planPrice } from '../plans/planFeatures';
import { PlanFeatureList } from '../plans/PlanFeatureList';

interface PackageOptionProps {
  plan: PlanId;
  checked: boolean;
  onSelect: (plan: PlanId) => void;
  onBlur: () => void;
  inputRef?: (input: HTMLInputElement | null) => void;
}

/** One radio card of the package choice; its name is the plan and its price. */
export function PackageOption({ plan, checked, onSelect, onBlur, inputRef }: PackageOptionProps) {
  const { t } = useTranslation();
  const id = `package-${plan}`;
  return (
    <label className={checked ? 'package-card is-selected' : 'package-card'} htmlFor={id}>
      <input
        id={id}
        ref={inputRef}
        type="radio"
        name="plan"
        value={plan}
        checked={checked}
        aria-labelledby={`${id}-name ${id}-price`}
        aria-describedby={`${id}-features`}
        onChange={() => onSelect(plan)}
        onBlur={onBlur}
      />
      <span className="package-head">
        <span id={`${id}-name`} className="plan-name">
          {t(`plans.names.${plan}`)}
        </span>
        <span id={`${id}-price`} className="plan-price">
          {t('plans.price', planPrice(plan))}
        </span>
      </span>
      <PlanFeatureList plan={plan} id={`${id}-features`} />
    </label>
  );
}
