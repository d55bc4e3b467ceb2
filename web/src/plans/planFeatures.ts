import { PLANS, type PlanId } from '@gallery/contracts';

export interface FeatureLine {
  key: string;
  values?: { count: number };
}

/** What only the paid plans add beyond their limits (spec section 1). */
const EXTRAS: Record<PlanId, string[]> = {
  free: [],
  standard: ['plans.emailSupport'],
  premium: ['plans.prioritySupport', 'plans.customDomain', 'plans.cloudBackup'],
};

/** The translation keys describing a plan, its limits read from PLANS. */
export function planFeatures(plan: PlanId): FeatureLine[] {
  const rules = PLANS[plan];
  const lines: FeatureLine[] = [];
  if (rules.photoLimit !== null) lines.push({ key: 'plans.photosUpTo', values: { count: rules.photoLimit } });
  else lines.push({ key: rules.videos ? 'plans.photosAndVideosUnlimited' : 'plans.photosUnlimited' });
  if (rules.storageDays % 365 === 0) {
    lines.push({ key: 'plans.storageYears', values: { count: rules.storageDays / 365 } });
  } else {
    lines.push({ key: 'plans.storageDays', values: { count: rules.storageDays } });
  }
  return [...lines, ...EXTRAS[plan].map((key) => ({ key }))];
}

/** The translation values of a plan's price. */
export function planPrice(plan: PlanId): { price: number } {
  return { price: PLANS[plan].priceUsd };
}
