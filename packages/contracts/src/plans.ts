/** The plans and their limits: the one place these facts live. */
export const PLAN_IDS = ['free', 'standard', 'premium'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface PlanRules {
  priceUsd: number;
  /** null means unlimited. */
  photoLimit: number | null;
  storageDays: number;
  videos: boolean;
}

export const PLANS: Readonly<Record<PlanId, PlanRules>> = Object.freeze({
  free: { priceUsd: 0, photoLimit: 50, storageDays: 7, videos: false },
  standard: { priceUsd: 49, photoLimit: null, storageDays: 30, videos: false },
  premium: { priceUsd: 99, photoLimit: null, storageDays: 365, videos: true },
});

export function isPlanId(value: unknown): value is PlanId {
  return typeof value === 'string' && (PLAN_IDS as readonly string[]).includes(value);
}

/** When a gallery created at `createdAt` on `plan` stops accepting uploads. */
export function expiryDate(plan: PlanId, createdAt: Date): Date {
  return new Date(createdAt.getTime() + PLANS[plan].storageDays * 24 * 60 * 60 * 1000);
}

/** The money-back guarantee: a payment can be refunded on request for this many days after it was made. */
export const REFUND_WINDOW_DAYS = 30;

export interface UpgradeOption {
  plan: PlanId;
  /** What the owner pays now: the difference between the two plans' prices. */
  priceUsd: number;
}

/** The plans a gallery on `current` can move up to, each priced as the difference ($50 from Standard to Premium). */
export function upgradeOptions(current: PlanId): UpgradeOption[] {
  const rank = PLAN_IDS.indexOf(current);
  return PLAN_IDS.slice(rank + 1).map((plan) => ({
    plan,
    priceUsd: PLANS[plan].priceUsd - PLANS[current].priceUsd,
  }));
}

/** True when `to` is above `from` in the catalogue's order. */
export function isUpgrade(from: PlanId, to: PlanId): boolean {
  return PLAN_IDS.indexOf(to) > PLAN_IDS.indexOf(from);
}

/**
 * The expiry after an upgrade paid at `paidAt`: the new plan's storage period counted from the payment, never
 * shorter than what the gallery already had.
 */
export function expiryAfterUpgrade(plan: PlanId, paidAt: Date, currentExpiry: Date): Date {
  const fromPayment = expiryDate(plan, paidAt);
  return fromPayment > currentExpiry ? fromPayment : currentExpiry;
}
