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

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * When a gallery's storage period starts: at the end of its wedding day (00:00 UTC the day after, so the wedding
 * day itself is never counted against the plan and "until" names a whole last day), or at the order if that is
 * later. Uploads are open from the order either way; counting from the wedding means no gallery ordered ahead
 * of its wedding (as the copy advises) expires before it.
 */
export function storageStart(weddingDate: string, orderedAt: Date): Date {
  const weddingDay = Date.parse(`${weddingDate}T00:00:00.000Z`);
  if (Number.isNaN(weddingDay)) throw new RangeError(`not a calendar date: ${weddingDate}`);
  const weddingDayEnd = new Date(weddingDay + DAY_MS);
  return weddingDayEnd > orderedAt ? weddingDayEnd : orderedAt;
}

/** When a gallery on `plan` for a wedding on `weddingDate` (yyyy-mm-dd), ordered at `orderedAt`, stops accepting uploads. */
export function expiryDate(plan: PlanId, weddingDate: string, orderedAt: Date): Date {
  return new Date(storageStart(weddingDate, orderedAt).getTime() + PLANS[plan].storageDays * DAY_MS);
}

/** The money-back guarantee: a payment can be refunded on request for this many days after it was made. */
export const REFUND_WINDOW_DAYS = 30;

/**
 * How long a gallery ordered on a paid plan waits for its payment: as long as a Stripe Checkout Session stays
 * open (24 hours). Until paid it is on no one's dashboard; unpaid after this, it is deleted with its order.
 */
export const UNPAID_ORDER_HOURS = 24;

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
 * The expiry after the plan or the wedding date changed (an upgrade, or the couple editing their date): `plan`'s
 * storage period counted from the same start as at the order, never shorter than what the gallery already had.
 */
export function recomputedExpiry(
  plan: PlanId,
  weddingDate: string,
  orderedAt: Date,
  currentExpiry: Date,
): Date {
  const byRule = expiryDate(plan, weddingDate, orderedAt);
  return byRule > currentExpiry ? byRule : currentExpiry;
}

/**
 * Event bundles: credits for several galleries bought at once, each credit later becoming one gallery's plan
 * (a new gallery, or an upgrade: a Standard credit upgrades Free, a Premium credit Free or Standard). The
 * discount is the number of events a bundle is priced as: 3 events for the price of 2.5, 5 for 4, 10 for 7, on
 * Standard and on Premium alike (3 Standard events: $122.50 instead of $147).
 */
export const BUNDLE_PRICED_AS_EVENTS = Object.freeze({ 3: 2.5, 5: 4, 10: 7 } as const);
export type BundleSize = keyof typeof BUNDLE_PRICED_AS_EVENTS;
export const BUNDLE_SIZES = Object.keys(BUNDLE_PRICED_AS_EVENTS).map(Number) as BundleSize[];
/** The plans sold in bundles (Free needs no credit). */
export const BUNDLE_PLANS = ['standard', 'premium'] as const satisfies readonly PlanId[];
export type BundlePlan = (typeof BUNDLE_PLANS)[number];

export interface Bundle {
  /** `standard-3`, `premium-10`: what a checkout names. */
  id: string;
  plan: BundlePlan;
  events: BundleSize;
  /** What the bundle costs, in cents (bundles are priced in half dollars, so cents keep them exact). */
  priceCents: number;
  /** What the same galleries cost bought one at a time, in cents: the saving shown next to the price. */
  fullPriceCents: number;
}

export const BUNDLES: readonly Bundle[] = Object.freeze(
  BUNDLE_PLANS.flatMap((plan) =>
    BUNDLE_SIZES.map((events) => ({
      id: `${plan}-${events}`,
      plan,
      events,
      priceCents: Math.round(PLANS[plan].priceUsd * 100 * BUNDLE_PRICED_AS_EVENTS[events]),
      fullPriceCents: PLANS[plan].priceUsd * 100 * events,
    })),
  ),
);

export function findBundle(id: string): Bundle | undefined {
  return BUNDLES.find((bundle) => bundle.id === id);
}

/** A credit can be used for this many days after its bundle was bought; an unused one then lapses. */
export const CREDIT_VALIDITY_DAYS = 365;

/** When the credits of a bundle bought at `paidAt` lapse. */
export function creditExpiry(paidAt: Date): Date {
  return new Date(paidAt.getTime() + CREDIT_VALIDITY_DAYS * 24 * 60 * 60 * 1000);
}

/** True when a credit of `creditPlan` can become the plan of a gallery on `galleryPlan` (an upgrade only). */
export function creditFits(creditPlan: PlanId, galleryPlan: PlanId): boolean {
  return isUpgrade(galleryPlan, creditPlan);
}

/**
 * The money back for a bundle's unused credits within the refund window: the price paid times the share of
 * credits not used, rounded down to the cent ($122.50 for 3 credits, one used: $81.66).
 */
export function bundleRefundCents(paidCents: number, totalCredits: number, unusedCredits: number): number {
  return Math.floor((paidCents * unusedCredits) / totalCredits);
}
