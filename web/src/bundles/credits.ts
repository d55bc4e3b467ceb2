import type { PlanId } from '@gallery/contracts';
import { fromApiPlan } from '../api/plan';
import type { BundlePurchase, Credit } from './graphql';

/**
 * The owner's unused credits of `plan`, the soonest to lapse first: the one a redemption spends, so a credit
 * about to expire is used before a fresh one.
 */
export function usableCredits(purchases: readonly BundlePurchase[], plan: PlanId): Credit[] {
  return purchases
    .flatMap((purchase) => purchase.credits)
    .filter((credit) => credit.status === 'UNUSED' && fromApiPlan(credit.plan) === plan)
    .sort((a, b) => a.expiresAt.localeCompare(b.expiresAt) || a.id.localeCompare(b.id));
}
