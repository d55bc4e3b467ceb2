import { Inject, Injectable } from '@nestjs/common';
import { DataSource, In } from 'typeorm';
import {
  bundleRefundCents,
  creditFits,
  CREDIT_VALIDITY_DAYS,
  normalizeEmail,
  PLAN_IDS,
  REFUND_WINDOW_DAYS,
  Subjects,
  type BundlePlan,
} from '@gallery/contracts';
import { AppError, OutboxRelay, recordEvent, type VerifiedGalleryOwner } from '@gallery/platform';
import { BillingConfig } from '../config/billing-config.js';
import { SessionOwner } from '../owners/session-owner.js';
import { PaymentsService, PLAN_CHANGE_LOCK, refundDeadline } from '../payments/payments.service.js';
import { creditsRedeemedOn } from '../payments/bundle-payments.js';
import { BundlePurchaseEntity } from '../ledger/bundle-purchase.entity.js';
import { CreditEntity } from '../ledger/credit.entity.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The newest purchases the dashboard lists. */
const PURCHASES_LISTED = 100;

/** A purchase with its credits, as the owner's dashboard shows it. */
export interface PurchaseWithCredits {
  purchase: BundlePurchaseEntity;
  credits: CreditEntity[];
}

/**
 * Using and refunding credits. A redemption is one conditional update of the credit's row (unused, the
 * caller's, not expired, of the plan asked for), committed with `credit.redeemed` in the outbox: two
 * redemptions of one credit at once give it to one gallery, and events applies the plan from the outbox's event
 * however long it was down.
 */
@Injectable()
export class CreditsService {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SessionOwner) private readonly sessionOwner: SessionOwner,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(BillingConfig) private readonly config: BillingConfig,
  ) {}

  /** The signed-in owner's purchases, newest first, each with its credits. */
  async overview(authorization: string | undefined): Promise<PurchaseWithCredits[]> {
    const email = await this.sessionOwner.require(authorization);
    const purchases = await this.dataSource.getRepository(BundlePurchaseEntity).find({
      where: { ownerEmail: email },
      order: { paidAt: 'DESC' },
      take: PURCHASES_LISTED,
    });
    return this.withCredits(purchases);
  }

  private async withCredits(purchases: BundlePurchaseEntity[]): Promise<PurchaseWithCredits[]> {
    const credits = purchases.length
      ? await this.dataSource.getRepository(CreditEntity).find({
          where: { purchaseId: In(purchases.map((purchase) => purchase.id)) },
          order: { redeemedAt: { direction: 'ASC', nulls: 'LAST' }, id: 'ASC' },
        })
      : [];
    return purchases.map((purchase) => ({
      purchase,
      credits: credits.filter((credit) => credit.purchaseId === purchase.id),
    }));
  }

  /**
   * Makes credit `creditId` the plan `plan` of the gallery AccessGuard verified the caller owns; the
   * credit must be theirs (the gallery's order email is the session's), unused, unexpired and of that plan, and
   * the gallery below that plan.
   */
  async redeem(
    creditId: string,
    plan: BundlePlan,
    { gallery, owner }: VerifiedGalleryOwner,
    now = new Date(),
  ): Promise<CreditEntity> {
    if (!UUID.test(creditId)) throw new AppError('CREDIT_NOT_FOUND');
    const email = normalizeEmail(owner.email);
    const credit = await this.dataSource
      .getRepository(CreditEntity)
      .findOneBy({ id: creditId.toLowerCase() });
    this.refuseUnusable(credit, email, plan, now);
    if (!creditFits(plan, gallery.plan)) throw new AppError('GALLERY_ALREADY_ON_PLAN');

    const redeemed = await this.dataSource.transaction(async (manager) => {
      // One plan change at a time with the webhooks: a credit and a payment (or two credits) for the same upgrade
      // of one gallery cannot both go through while events has not applied the first yet.
      await manager.query('SELECT pg_advisory_xact_lock($1)', [PLAN_CHANGE_LOCK]);
      const [{ paid }] = (await manager.query(
        `SELECT count(*)::int AS paid FROM payments
         WHERE event_code = $1 AND applied AND refunded_at IS NULL AND plan = ANY($2)`,
        [gallery.code, PLAN_IDS.slice(PLAN_IDS.indexOf(plan))],
      )) as { paid: number }[];
      if (paid > 0 || (await creditsRedeemedOn(manager, gallery.code, plan)) > 0) {
        throw new AppError('GALLERY_ALREADY_ON_PLAN');
      }
      const [rows] = (await manager.query(
        `UPDATE credits SET redeemed_at = $5, event_code = $3, from_plan = $4
         WHERE id = $1 AND owner_email = $2 AND plan = $6
           AND redeemed_at IS NULL AND refunded_at IS NULL AND expires_at > $5
         RETURNING purchase_id`,
        [credit!.id, email, gallery.code, gallery.plan, now, plan],
      )) as [{ purchase_id: string }[], number];
      if (rows.length === 0) return null;
      await recordEvent(manager, Subjects.CreditRedeemed, {
        creditId: credit!.id,
        purchaseId: rows[0].purchase_id,
        eventCode: gallery.code,
        fromPlan: gallery.plan,
        plan,
        redeemedAt: now.toISOString(),
      });
      return manager.findOneByOrFail(CreditEntity, { id: credit!.id });
    });
    if (!redeemed) {
      // Another redemption or a refund took it between the check and the update: say which.
      const taken = await this.dataSource.getRepository(CreditEntity).findOneBy({ id: credit!.id });
      this.refuseUnusable(taken, email, plan, now);
      throw new AppError('CREDIT_ALREADY_USED');
    }
    this.relay.kick();
    return redeemed;
  }

  /** Throws the refusal that fits a credit the caller cannot use; returns for a usable one. */
  private refuseUnusable(credit: CreditEntity | null, email: string, plan: BundlePlan, now: Date): void {
    if (!credit) throw new AppError('CREDIT_NOT_FOUND');
    if (credit.ownerEmail !== email) throw new AppError('NOT_CREDIT_OWNER');
    if (credit.refundedAt) throw new AppError('CREDIT_REFUNDED');
    if (credit.redeemedAt) throw new AppError('CREDIT_ALREADY_USED');
    if (credit.expiresAt <= now) throw new AppError('CREDIT_EXPIRED', { count: CREDIT_VALIDITY_DAYS });
    if (credit.plan !== plan) throw new AppError('CREDIT_WRONG_PLAN');
  }

  /**
   * Refunds a purchase's unused credits within the refund window, pro rata: the price paid times unused / total,
   * rounded down to the cent. The credits are taken back at once (no redemption can use them meanwhile); the
   * money goes back through Stripe's refund API (or the demo's signed event), and the refund is confirmed
   * when charge.refunded arrives. A Stripe call that fails rolls everything back.
   */
  async refundUnused(
    purchaseId: string,
    authorization: string | undefined,
    now = new Date(),
  ): Promise<PurchaseWithCredits> {
    const email = await this.sessionOwner.require(authorization);
    if (!UUID.test(purchaseId)) throw new AppError('NO_CREDITS_TO_REFUND');
    let refund: { purchase: BundlePurchaseEntity; amountCents: number } | undefined;
    await this.dataSource.transaction(async (manager) => {
      const purchase = await manager.findOne(BundlePurchaseEntity, {
        where: { id: purchaseId.toLowerCase() },
        lock: { mode: 'pessimistic_write' },
      });
      if (!purchase) throw new AppError('NO_CREDITS_TO_REFUND');
      if (purchase.ownerEmail !== email) throw new AppError('NOT_CREDIT_OWNER');
      if (purchase.refundRequestedAt) throw new AppError('NO_CREDITS_TO_REFUND');
      if (now > refundDeadline(purchase.paidAt)) {
        throw new AppError('REFUND_WINDOW_CLOSED', { count: REFUND_WINDOW_DAYS });
      }
      const [taken] = (await manager.query(
        `UPDATE credits SET refunded_at = $2
         WHERE purchase_id = $1 AND redeemed_at IS NULL AND refunded_at IS NULL RETURNING id`,
        [purchase.id, now],
      )) as [{ id: string }[], number];
      if (taken.length === 0) throw new AppError('NO_CREDITS_TO_REFUND');
      const amountCents = bundleRefundCents(purchase.amountCents, purchase.credits, taken.length);
      await manager.update(
        BundlePurchaseEntity,
        { id: purchase.id },
        { refundRequestedAt: now, refundCents: amountCents },
      );
      refund = { purchase, amountCents };
      if (!this.config.demo) await this.payments.refundBundle(purchase, amountCents);
    });
    // The demo's refund is a webhook delivery itself: it runs once this transaction has committed.
    if (this.config.demo) await this.payments.refundBundle(refund!.purchase, refund!.amountCents);
    const purchase = await this.dataSource
      .getRepository(BundlePurchaseEntity)
      .findOneByOrFail({ id: refund!.purchase.id });
    const [found] = await this.withCredits([purchase]);
    return found;
  }
}
