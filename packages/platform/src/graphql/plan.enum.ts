import { registerEnumType } from '@nestjs/graphql';
import type { PlanId } from '@gallery/contracts';

/**
 * GraphQL's Plan, one enum for every subgraph that names a plan (events, billing): upper-case names outside, the
 * contracts' PlanId values inside.
 */
export enum Plan {
  FREE = 'free',
  STANDARD = 'standard',
  PREMIUM = 'premium',
}

registerEnumType(Plan, { name: 'Plan' });

// Fails to compile if the two lists ever drift apart.
const _sameValues: Record<PlanId, Plan> = { free: Plan.FREE, standard: Plan.STANDARD, premium: Plan.PREMIUM };
