import { randomUUID } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { creditExpiry, PLAN_IDS, Subjects, type PlanId } from '@gallery/contracts';
import { recordEvent } from '@gallery/platform';
import type { CheckoutSessionObject, RefundedChargeObject } from './stripe-event.schema.js';
import { BundleCheckoutEntity } from '../ledger/bundle-checkout.entity.js';
import { BundlePurchaseEntity } from '../ledger/bundle-purchase.entity.js';
import { CreditEntity } from '../ledger/credit.entity.js';

/** What a bundle checkout's Stripe session carries in its metadata, so the webhook knows which table it names. */
export const BUNDLE_CHECKOUT_KIND = 'bundle';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The id of an expandable Stripe field (an id, or the object when expanded). */
export function stripeId(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/**
 * Records the purchase of a paid bundle checkout inside the webhook's transaction: the purchase, one row per
 * credit, the checkout marked paid and `credit.purchased` in the outbox (the receipt). A checkout already paid
 * changes nothing, so a delivery that slipped past the event log still gives the credits once. A checkout
 * cancelled while its Stripe page stayed open was paid all the same: its credits are given.
 */
export async function recordBundlePurchase(
  manager: EntityManager,
  session: CheckoutSessionObject,
  logWarning: (line: string) => void,
): Promise<void> {
  const checkoutId = session.metadata?.checkoutId ?? session.client_reference_id;
  if (!checkoutId || !UUID.test(checkoutId)) return;
  const checkout = await manager.findOne(BundleCheckoutEntity, {
    where: { id: checkoutId.toLowerCase() },
    lock: { mode: 'pessimistic_write' },
  });
  if (!checkout) {
    logWarning(`completed session ${session.id} names no bundle checkout of ours`);
    return;
  }
  if (checkout.status === 'paid') return;
  const paidAt = new Date();
  const purchase: BundlePurchaseEntity = {
    id: randomUUID(),
    checkoutId: checkout.id,
    ownerEmail: checkout.ownerEmail,
    bundleId: checkout.bundleId,
    plan: checkout.plan,
    events: checkout.events,
    quantity: checkout.quantity,
    credits: checkout.events * checkout.quantity,
    amountCents: session.amount_total ?? checkout.amountCents,
    currency: session.currency ?? checkout.currency,
    paymentIntent: stripeId(session.payment_intent),
    paidAt,
    expiresAt: creditExpiry(paidAt),
    refundRequestedAt: null,
    refundCents: null,
    refundedAt: null,
  };
  await manager.insert(BundlePurchaseEntity, purchase);
  await manager.insert(
    CreditEntity,
    Array.from({ length: purchase.credits }, () => ({
      id: randomUUID(),
      purchaseId: purchase.id,
      ownerEmail: purchase.ownerEmail,
      plan: purchase.plan,
      expiresAt: purchase.expiresAt,
      redeemedAt: null,
      eventCode: null,
      fromPlan: null,
      refundedAt: null,
    })),
  );
  await manager.update(BundleCheckoutEntity, { id: checkout.id }, { status: 'paid', paidAt });
  await recordEvent(manager, Subjects.CreditsPurchased, {
    purchaseId: purchase.id,
    bundleId: purchase.bundleId,
    plan: purchase.plan,
    quantity: purchase.quantity,
    credits: purchase.credits,
    amountCents: purchase.amountCents,
    currency: purchase.currency,
    paidAt: paidAt.toISOString(),
    expiresAt: purchase.expiresAt.toISOString(),
  });
}

/** How many credits have made gallery `code` `plan` or higher (in the caller's transaction). */
export async function creditsRedeemedOn(manager: EntityManager, code: string, plan: PlanId): Promise<number> {
  const [{ redeemed }] = (await manager.query(
    'SELECT count(*)::int AS redeemed FROM credits WHERE event_code = $1 AND plan = ANY($2)',
    [code, PLAN_IDS.slice(PLAN_IDS.indexOf(plan))],
  )) as { redeemed: number }[];
  return redeemed;
}

/**
 * Confirms the refund of a bundle's unused credits (Stripe's charge.refunded, partial or whole) inside the
 * webhook's transaction. Returns false when the charge is no bundle purchase's. A refund made outside the
 * product (Stripe's dashboard) also takes back the credits still unused.
 */
export async function confirmBundleRefund(
  manager: EntityManager,
  charge: RefundedChargeObject,
): Promise<boolean> {
  const paymentIntent = stripeId(charge.payment_intent);
  if (!paymentIntent) return false;
  const purchase = await manager.findOne(BundlePurchaseEntity, {
    where: { paymentIntent },
    lock: { mode: 'pessimistic_write' },
  });
  if (!purchase) return false;
  if (purchase.refundedAt) return true;
  const refundedAt = new Date();
  await manager.query(
    `UPDATE credits SET refunded_at = $2
     WHERE purchase_id = $1 AND redeemed_at IS NULL AND refunded_at IS NULL`,
    [purchase.id, refundedAt],
  );
  const [{ refunded }] = (await manager.query(
    'SELECT count(*)::int AS refunded FROM credits WHERE purchase_id = $1 AND refunded_at IS NOT NULL',
    [purchase.id],
  )) as { refunded: number }[];
  const refundCents = purchase.refundCents ?? charge.amount_refunded ?? 0;
  await manager.update(
    BundlePurchaseEntity,
    { id: purchase.id },
    { refundedAt, refundCents, refundRequestedAt: purchase.refundRequestedAt ?? refundedAt },
  );
  if (refunded === 0) return true;
  await recordEvent(manager, Subjects.CreditsRefunded, {
    purchaseId: purchase.id,
    refundedCredits: refunded,
    totalCredits: purchase.credits,
    amountCents: refundCents,
    currency: purchase.currency,
    refundedAt: refundedAt.toISOString(),
  });
  return true;
}
