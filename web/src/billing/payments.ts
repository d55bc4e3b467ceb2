import { upgradeOptions, type PlanId } from '@gallery/contracts';
import { fromApiPlan, toApiPlan, type ApiPlan } from '../api/plan';
import { readStorage, writeStorage } from '../session/storage';
import type { Checkout } from './graphql';

export interface UpgradeChoice {
  plan: PlanId;
  apiPlan: ApiPlan;
  amountCents: number;
}

/** The plans a gallery can move up to and what each costs now, from the catalogue in @gallery/contracts. */
export function upgradeChoices(current: ApiPlan): UpgradeChoice[] {
  return upgradeOptions(fromApiPlan(current)).map((option) => ({
    plan: option.plan,
    apiPlan: toApiPlan(option.plan),
    amountCents: Math.round(option.priceUsd * 100),
  }));
}

/**
 * Where a checkout was started in this browser. `order`: from the order form, right after the gallery was
 * created (its success page is the new gallery's). `phone`: opened on a phone from the payment page's QR
 * code (its success page sends the couple back to their computer). The Stripe return address is the same for
 * every checkout, so this browser remembers instead of the URL.
 */
export type CheckoutOrigin = 'order' | 'phone';

const ORIGIN_KEYS: Record<CheckoutOrigin, string> = {
  order: 'checkouts.fromOrder',
  phone: 'checkouts.onPhone',
};
/** How many checkout ids each list keeps: enough for any real flow, bounded. */
const REMEMBERED_CHECKOUTS = 10;

function remembered(origin: CheckoutOrigin): string[] {
  try {
    const value: unknown = JSON.parse(readStorage(ORIGIN_KEYS[origin]) ?? '[]');
    return Array.isArray(value) ? value.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberCheckout(origin: CheckoutOrigin, id: string): void {
  const ids = [id, ...remembered(origin).filter((known) => known !== id)].slice(0, REMEMBERED_CHECKOUTS);
  writeStorage(ORIGIN_KEYS[origin], JSON.stringify(ids));
}

export function checkoutOrigins(id: string): Record<CheckoutOrigin, boolean> {
  return { order: remembered('order').includes(id), phone: remembered('phone').includes(id) };
}

export type PaymentProgress =
  { state: 'waiting' } | { state: 'cancelled' } | { state: 'applied'; next: string };

/**
 * What the verification page does: wait until the gallery's plan is the plan bought (the payment's effect,
 * whatever the redirect said), then go on. A phone goes to /payment-complete; a new paid order to its
 * /payment-success; anything else to /upgrade-success. A cancelled checkout that was never applied fails.
 */
export function paymentProgress(
  checkout: Pick<Checkout, 'id' | 'fromPlan' | 'plan' | 'status'>,
  eventPlan: ApiPlan | null,
  origins: Record<CheckoutOrigin, boolean>,
): PaymentProgress {
  if (eventPlan === checkout.plan) {
    const id = encodeURIComponent(checkout.id);
    if (origins.phone) return { state: 'applied', next: '/payment-complete' };
    if (origins.order && checkout.fromPlan === 'FREE') {
      return { state: 'applied', next: `/payment-success?checkout=${id}` };
    }
    return { state: 'applied', next: `/upgrade-success?checkout=${id}` };
  }
  if (checkout.status === 'CANCELLED') return { state: 'cancelled' };
  return { state: 'waiting' };
}
