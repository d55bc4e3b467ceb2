import type { EntityManager } from 'typeorm';
import {
  isUpgrade,
  recomputedExpiry,
  Subjects,
  type PaymentRefundedData,
  type PaymentSucceededData,
  type PlanId,
} from '@gallery/contracts';
import { recordEvent } from '@gallery/platform';
import { GalleryEntity } from '../galleries/gallery.entity.js';

/** What a payment did to its gallery, or why it did nothing. */
export type PlanChange =
  { applied: true; previousPlan: PlanId; plan: PlanId; expiresAt: Date } | { applied: false; reason: string };

interface AppliedPaymentRow {
  payment_id: string;
  previous_plan: PlanId;
  previous_expires_at: Date;
  plan: PlanId;
  refunded_at: Date | null;
}

/** The gallery row, locked until the caller's transaction ends: one payment or refund changes it at a time. */
function lockGallery(manager: EntityManager, code: string): Promise<GalleryEntity | null> {
  return manager
    .createQueryBuilder(GalleryEntity, 'event')
    .where('event.code = :code', { code })
    .setLock('pessimistic_write')
    .getOne();
}

/**
 * Applies a paid plan (a payment, or a redeemed bundle credit) inside the caller's transaction: the new plan and expiry, a record of what it replaced
 * (so a refund reverts exactly), the order that waited for it fulfilled, and `plan.upgraded` in the outbox. A
 * payment that would not raise the plan (a second checkout for the same upgrade, say) changes nothing.
 */
export async function applyPayment(
  manager: EntityManager,
  payment: Pick<PaymentSucceededData, 'paymentId' | 'eventCode' | 'plan' | 'paidAt'>,
  now = new Date(),
): Promise<PlanChange> {
  const gallery = await lockGallery(manager, payment.eventCode);
  if (!gallery) return { applied: false, reason: 'no gallery has this code' };
  if (!isUpgrade(gallery.plan, payment.plan)) {
    return { applied: false, reason: `${payment.plan} is no upgrade from ${gallery.plan}` };
  }
  const previousPlan = gallery.plan;
  // From the same start as at the order (the wedding day, or the order if later), never shortening.
  const expiresAt = recomputedExpiry(payment.plan, gallery.weddingDate, gallery.createdAt, gallery.expiresAt);
  await manager.query(
    `INSERT INTO applied_payments (payment_id, event_code, previous_plan, previous_expires_at, plan, applied_at)
     VALUES ($1, $2, $3, $4, $5, $6)`,
    [payment.paymentId, gallery.code, previousPlan, gallery.expiresAt, payment.plan, now],
  );
  await manager.update(GalleryEntity, { code: gallery.code }, { plan: payment.plan, expiresAt });
  await manager.query(
    `UPDATE orders SET status = 'fulfilled'
     WHERE event_code = $1 AND status = 'awaiting_payment' AND requested_plan = $2`,
    [gallery.code, payment.plan],
  );
  await recordEvent(manager, Subjects.PlanUpgraded, {
    code: gallery.code,
    previousPlan,
    plan: payment.plan,
    expiresAt: expiresAt.toISOString(),
    reason: 'payment',
    paymentId: payment.paymentId,
  });
  return { applied: true, previousPlan, plan: payment.plan, expiresAt };
}

/**
 * Reverts a refunded payment inside the caller's transaction, when that payment is what the gallery's plan
 * rests on now: the plan and expiry it replaced come back and `plan.upgraded` (reason 'refund') goes out.
 * Photos stay; uploads follow the reverted plan and expiry. A payment never applied, or overtaken by a later
 * one, changes no plan.
 */
export async function revertPayment(
  manager: EntityManager,
  refund: PaymentRefundedData,
  now = new Date(),
): Promise<PlanChange> {
  const gallery = await lockGallery(manager, refund.eventCode);
  if (!gallery) return { applied: false, reason: 'no gallery has this code' };
  const [applied] = (await manager.query(
    'SELECT * FROM applied_payments WHERE payment_id = $1 AND event_code = $2',
    [refund.paymentId, gallery.code],
  )) as AppliedPaymentRow[];
  if (!applied) return { applied: false, reason: 'the payment was never applied' };
  if (applied.refunded_at) return { applied: false, reason: 'the payment was already reverted' };
  const [current] = (await manager.query(
    `SELECT payment_id FROM applied_payments WHERE event_code = $1 AND refunded_at IS NULL
     ORDER BY applied_at DESC, payment_id DESC LIMIT 1`,
    [gallery.code],
  )) as { payment_id: string }[];
  await manager.query('UPDATE applied_payments SET refunded_at = $2 WHERE payment_id = $1', [
    applied.payment_id,
    now,
  ]);
  if (current?.payment_id !== applied.payment_id || gallery.plan !== applied.plan) {
    return { applied: false, reason: 'a later payment has changed the plan since' };
  }
  const expiresAt = new Date(applied.previous_expires_at);
  await manager.update(GalleryEntity, { code: gallery.code }, { plan: applied.previous_plan, expiresAt });
  await recordEvent(manager, Subjects.PlanUpgraded, {
    code: gallery.code,
    previousPlan: gallery.plan,
    plan: applied.previous_plan,
    expiresAt: expiresAt.toISOString(),
    reason: 'refund',
    paymentId: applied.payment_id,
  });
  return { applied: true, previousPlan: gallery.plan, plan: applied.previous_plan, expiresAt };
}
