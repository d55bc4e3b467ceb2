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
