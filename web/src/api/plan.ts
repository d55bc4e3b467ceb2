import { isPlanId, type PlanId } from '@gallery/contracts';

/** The GraphQL Plan enum. */
export type ApiPlan = 'FREE' | 'STANDARD' | 'PREMIUM';

export function toApiPlan(plan: PlanId): ApiPlan {
  return plan.toUpperCase() as ApiPlan;
}

export function fromApiPlan(plan: string): PlanId {
  const id = plan.toLowerCase();
  return isPlanId(id) ? id : 'free';
}
