import type { EntityManager } from 'typeorm';
import { isUpgrade, type PlanId } from '@gallery/contracts';

/** What changed a gallery's plan, in billing's records: a payment or credit applied, a payment refunded. */
export type PlanStep =
  { kind: 'applied'; id: string; plan: PlanId; at: Date } | { kind: 'refunded'; id: string; at: Date };

/**
 * The plan a gallery has after these steps, by the rule events applies them (applyPayment, revertPayment): a
 * payment or credit applies when it raises the plan, remembering the plan it replaced; a refund puts that plan
 * back only when the refunded payment is what the plan rests on (the latest applied one still standing), and
 * otherwise changes nothing. Every gallery is ordered on Free.
 */
export function planAfter(steps: PlanStep[]): PlanId {
  let plan: PlanId = 'free';
  const standing: { id: string; plan: PlanId; replaced: PlanId }[] = [];
  const ordered = [...steps].sort(
    (a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? 0 : a.kind === 'applied' ? -1 : 1),
  );
  for (const step of ordered) {
    if (step.kind === 'applied') {
      if (!isUpgrade(plan, step.plan)) continue;
      standing.push({ id: step.id, plan: step.plan, replaced: plan });
      plan = step.plan;
      continue;
    }
    const index = standing.findIndex((applied) => applied.id === step.id);
    if (index < 0) continue;
    const [refunded] = standing.splice(index, 1);
    if (index === standing.length && plan === refunded.plan) plan = refunded.replaced;
  }
  return plan;
}

/**
 * The gallery's plan as billing's records (applied payments, their refunds, redeemed credits) make it, read
 * inside the caller's transaction (under PLAN_CHANGE_LOCK: no other plan change is under way). `refunding`: as
 * if that payment's refund were confirmed now.
 */
export async function galleryPlan(
  manager: EntityManager,
  code: string,
  refunding?: { paymentId: string; at: Date },
): Promise<PlanId> {
  const payments = (await manager.query(
    'SELECT id, plan, paid_at, refunded_at FROM payments WHERE event_code = $1 AND applied',
    [code],
  )) as { id: string; plan: PlanId; paid_at: Date; refunded_at: Date | null }[];
  const credits = (await manager.query(
    'SELECT id, plan, redeemed_at FROM credits WHERE event_code = $1 AND redeemed_at IS NOT NULL',
    [code],
  )) as { id: string; plan: PlanId; redeemed_at: Date }[];
  const steps: PlanStep[] = [
    ...payments.map((row) => ({ kind: 'applied' as const, id: row.id, plan: row.plan, at: row.paid_at })),
    ...credits.map((row) => ({ kind: 'applied' as const, id: row.id, plan: row.plan, at: row.redeemed_at })),
  ];
  for (const row of payments) {
    const refundedAt = row.id === refunding?.paymentId ? refunding.at : row.refunded_at;
    if (refundedAt) steps.push({ kind: 'refunded', id: row.id, at: refundedAt });
  }
  return planAfter(steps);
}
