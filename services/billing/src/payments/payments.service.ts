import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource, IsNull, type EntityManager } from 'typeorm';
import { REFUND_WINDOW_DAYS, Subjects, type PlanId } from '@gallery/contracts';
import { AppError, OutboxRelay, recordEvent } from '@gallery/platform';
import { CheckoutEntity } from '../ledger/checkout.entity.js';
import { BillingConfig } from '../config/billing-config.js';
import { STRIPE, type StripeClient } from '../stripe/stripe-client.js';
import { BundleCheckoutEntity } from '../ledger/bundle-checkout.entity.js';
import { BundlePurchaseEntity } from '../ledger/bundle-purchase.entity.js';
import {
  BUNDLE_CHECKOUT_KIND,
  confirmBundleRefund,
  recordBundlePurchase,
  stripeId,
} from './bundle-payments.js';
import { galleryPlan } from './gallery-plan.js';
import { PaymentEntity } from '../ledger/payment.entity.js';
import {
  describeIssues,
  STRIPE_OBJECT_SCHEMAS,
  stripeEventSchema,
  type CheckoutSessionObject,
  type RefundedChargeObject,
  type StripeEvent,
} from './stripe-event.schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/**
 * Every webhook, and every redemption of a bundle credit, is handled under this one transaction-scoped advisory
 * lock: they are few, and handling them one at a time means two checkouts paid at once for the same gallery, or
 * a checkout and a credit, cannot both see "not upgraded yet".
 */
export const PLAN_CHANGE_LOCK = 7_301_100_103;

/** A webhook whose signature does not match its body (or is missing): answered 400, nothing changes. */
export class InvalidWebhookSignatureError extends Error {}

/**
 * A correctly signed event that lacks what billing reads (no id, no data, an array): answered 400, nothing
 * changes. A 500 would have Stripe deliver the same bytes again for days, failing the same way each time.
 */
export class MalformedWebhookEventError extends Error {}

/** When a payment can no longer be refunded on request. */
export function refundDeadline(paidAt: Date): Date {
  return new Date(paidAt.getTime() + REFUND_WINDOW_DAYS * DAY_MS);
}

/**
 * What money does: Stripe's webhooks (or the demo's events signed the same way) record payments and refunds,
 * each Stripe event once, and tell the other services through the outbox.
 */
@Injectable()
export class PaymentsService {
  private readonly logger = new Logger(PaymentsService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(OutboxRelay) private readonly relay: OutboxRelay,
    @Inject(STRIPE) private readonly stripe: StripeClient,
    @Inject(BillingConfig) private readonly config: BillingConfig,
  ) {}

  /**
   * Handles one webhook delivery: checks the signature against the raw body, records the event id (a repeated
   * delivery stops there) and applies it, all in one transaction.
   */
  async handleWebhook(rawBody: Buffer | undefined, signature: string | undefined): Promise<void> {
    if (!rawBody || !signature) throw new InvalidWebhookSignatureError('missing body or signature');
    let signed: unknown;
    try {
      signed = this.stripe.webhooks.constructEvent(rawBody, signature, this.config.stripeWebhookSecret);
    } catch (error) {
      throw new InvalidWebhookSignatureError((error as Error).message);
    }
    const event = parseStripeEvent(signed);
    const refundLater: PaymentEntity[] = [];
    await this.dataSource.transaction(async (manager) => {
      await manager.query('SELECT pg_advisory_xact_lock($1)', [PLAN_CHANGE_LOCK]);
      const recorded: unknown[] = await manager.query(
        'INSERT INTO stripe_events (id, type) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING id',
        [event.id, event.type],
      );
      if (recorded.length === 0) return;
      if (event.type === 'checkout.session.completed') {
        const session = event.data.object as CheckoutSessionObject;
        if (session.metadata?.kind === BUNDLE_CHECKOUT_KIND) {
          await recordBundlePurchase(manager, session, (line) => this.logger.warn(line));
          return;
        }
        const unapplied = await this.checkoutCompleted(manager, session);
        if (unapplied) refundLater.push(unapplied);
      } else if (event.type === 'charge.refunded') {
        const charge = event.data.object as RefundedChargeObject;
        if (await confirmBundleRefund(manager, charge)) return;
        await this.chargeRefunded(manager, charge);
      }
    });
    this.relay.kick();
    // Demo refunds are webhook deliveries themselves: they run once this one's transaction has committed.
    for (const payment of refundLater) {
      await this.refund(payment).catch((error: unknown) =>
        this.logger.error(`payment ${payment.id} could not be refunded: ${(error as Error).message}`),
      );
    }
  }

  /**
   * Records the payment of a completed checkout. Returns the payment when it must be refunded after the
   * transaction (demo mode); with Stripe the refund is asked for inside it, so a failed call rolls the delivery
   * back and Stripe delivers it again (the refund's idempotency key keeps it to one).
   */
  private async checkoutCompleted(
    manager: EntityManager,
    session: CheckoutSessionObject,
  ): Promise<PaymentEntity | undefined> {
    const checkoutId = session.metadata?.checkoutId ?? session.client_reference_id;
    if (!checkoutId || !/^[0-9a-f-]{36}$/i.test(checkoutId)) return undefined;
    const checkout = await manager.findOne(CheckoutEntity, {
      where: { id: checkoutId },
      lock: { mode: 'pessimistic_write' },
    });
    if (!checkout) {
      this.logger.warn(`completed session ${session.id} names no checkout of ours`);
      return undefined;
    }
    if (checkout.status === 'paid' || checkout.status === 'refunded') return undefined;

    // The checkout was priced as the upgrade from the plan the gallery had when it opened: it stands only while
    // the gallery is still on that plan when the money lands. Otherwise it is recorded and refunded at once: paid
    // for a gallery purged since (its Stripe page was still open), for a plan another payment or a credit already
    // bought, or at a price a refund or another payment since has made wrong (Stripe has charged it: too late
    // to price it again).
    const purged = checkout.eventCode === null;
    const planNow = purged ? null : await galleryPlan(manager, checkout.eventCode!);
    const alreadyBought = planNow !== checkout.fromPlan;
    const paidAt = new Date();
    const payment: PaymentEntity = {
      id: randomUUID(),
      checkoutId: checkout.id,
      eventCode: checkout.eventCode,
      fromPlan: checkout.fromPlan,
      plan: checkout.plan,
      amountCents: session.amount_total ?? checkout.amountCents,
      currency: session.currency ?? checkout.currency,
      paymentIntent: stripeId(session.payment_intent),
      applied: !alreadyBought,
      paidAt,
      refundRequestedAt: alreadyBought ? paidAt : null,
      refundedAt: null,
    };
    await manager.insert(PaymentEntity, payment);
    await manager.update(CheckoutEntity, { id: checkout.id }, { status: 'paid', paidAt });
    if (!alreadyBought && checkout.eventCode !== null) {
      await recordEvent(manager, Subjects.PaymentSucceeded, {
        paymentId: payment.id,
        eventCode: checkout.eventCode,
        fromPlan: payment.fromPlan,
        plan: payment.plan,
        amountCents: payment.amountCents,
        currency: payment.currency,
        paidAt: paidAt.toISOString(),
      });
      return undefined;
    }
    this.logger.warn(
      purged
        ? `payment ${payment.id} is for a gallery purged since its checkout opened: refunding it`
        : `payment ${payment.id} for ${payment.eventCode} was priced from ${payment.fromPlan}, but the gallery is on ${planNow}: refunding it`,
    );
    if (this.config.demo) return payment;
    await this.refund(payment);
    return undefined;
  }

  /** Marks the payment refunded; one that had changed the plan is reverted by payment.refunded. */
  private async chargeRefunded(manager: EntityManager, charge: RefundedChargeObject): Promise<void> {
    const paymentIntent = stripeId(charge.payment_intent);
    if (!paymentIntent || !charge.refunded) return;
    const payment = await manager.findOne(PaymentEntity, {
      where: { paymentIntent },
      lock: { mode: 'pessimistic_write' },
    });
    if (!payment || payment.refundedAt) return;
    const refundedAt = new Date();
    await manager.update(PaymentEntity, { id: payment.id }, { refundedAt });
    await manager.update(CheckoutEntity, { id: payment.checkoutId }, { status: 'refunded' });
    // A purged gallery's payment is recorded as refunded; there is no plan left to revert.
    if (!payment.applied || payment.eventCode === null) return;
    await recordEvent(manager, Subjects.PaymentRefunded, {
      paymentId: payment.id,
      eventCode: payment.eventCode,
      plan: payment.plan,
      // What the gallery is left on, by the rule events reverts by: the plan the payment replaced when the plan
      // rests on it, else the plan a later payment or credit gave.
      revertTo: await galleryPlan(manager, payment.eventCode),
      amountCents: payment.amountCents,
      currency: payment.currency,
      refundedAt: refundedAt.toISOString(),
    });
  }

  /**
   * Asks for the payment's money back. With Stripe, a refund of its PaymentIntent (one per payment, by its
   * idempotency key); in demo mode, the charge.refunded event Stripe would send, signed and delivered to the
   * same webhook handler. Either way the plan changes only when charge.refunded is handled.
   */
  async refund(payment: PaymentEntity): Promise<void> {
    if (!this.config.demo) {
      if (!payment.paymentIntent) throw new Error(`payment ${payment.id} has no PaymentIntent to refund`);
      await this.stripe.refunds.create(
        { payment_intent: payment.paymentIntent, metadata: { paymentId: payment.id } },
        { idempotencyKey: `refund-${payment.id}` },
      );
      return;
    }
    await this.deliverDemoEvent(`evt_demo_refund_${payment.id}`, 'charge.refunded', {
      id: `ch_demo_${payment.id}`,
      object: 'charge',
      amount: payment.amountCents,
      amount_refunded: payment.amountCents,
      currency: payment.currency,
      paid: true,
      refunded: true,
      payment_intent: payment.paymentIntent,
      metadata: { paymentId: payment.id },
    });
  }

  /** Demo mode: what Stripe would send when the checkout is paid on its page, through the same handler. */
  async payDemoCheckout(checkout: CheckoutEntity): Promise<void> {
    await this.deliverDemoEvent(`evt_demo_paid_${checkout.id}`, 'checkout.session.completed', {
      id: `cs_demo_${checkout.id}`,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: checkout.id,
      customer_email: checkout.customerEmail,
      metadata: { checkoutId: checkout.id, eventCode: checkout.eventCode },
      amount_total: checkout.amountCents,
      currency: checkout.currency,
      payment_intent: `pi_demo_${checkout.id}`,
    });
  }

  /** Demo mode: what Stripe would send when a bundle checkout is paid on its page, through the same handler. */
  async payDemoBundleCheckout(checkout: BundleCheckoutEntity): Promise<void> {
    await this.deliverDemoEvent(`evt_demo_paid_${checkout.id}`, 'checkout.session.completed', {
      id: `cs_demo_${checkout.id}`,
      object: 'checkout.session',
      mode: 'payment',
      status: 'complete',
      payment_status: 'paid',
      client_reference_id: checkout.id,
      metadata: { checkoutId: checkout.id, kind: BUNDLE_CHECKOUT_KIND },
      amount_total: checkout.amountCents,
      currency: checkout.currency,
      payment_intent: `pi_demo_${checkout.id}`,
    });
  }

  /**
   * Asks for part of a bundle's price back (its unused credits, pro rata). With Stripe, a partial refund of its
   * PaymentIntent (one per purchase, by its idempotency key); in demo mode, the charge.refunded event Stripe
   * would send, delivered to the webhook handler. Either way the refund is confirmed when that event is handled.
   */
  async refundBundle(purchase: BundlePurchaseEntity, amountCents: number): Promise<void> {
    if (!this.config.demo) {
      if (!purchase.paymentIntent) throw new Error(`purchase ${purchase.id} has no PaymentIntent to refund`);
      await this.stripe.refunds.create(
        {
          payment_intent: purchase.paymentIntent,
          amount: amountCents,
          metadata: { purchaseId: purchase.id },
        },
        { idempotencyKey: `bundle-refund-${purchase.id}` },
      );
      return;
    }
    await this.deliverDemoEvent(`evt_demo_refund_${purchase.id}`, 'charge.refunded', {
      id: `ch_demo_${purchase.id}`,
      object: 'charge',
      amount: purchase.amountCents,
      amount_refunded: amountCents,
      currency: purchase.currency,
      paid: true,
      refunded: amountCents === purchase.amountCents,
      payment_intent: purchase.paymentIntent,
      metadata: { purchaseId: purchase.id },
    });
  }

  /** A Stripe-shaped event signed with the local webhook secret, handed to the webhook handler as raw bytes. */
  private async deliverDemoEvent(id: string, type: string, object: Record<string, unknown>): Promise<void> {
    const payload = JSON.stringify({
      id,
      object: 'event',
      type,
      api_version: null,
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      pending_webhooks: 0,
      request: { id: null, idempotency_key: null },
      data: { object },
    });
    const signature = this.stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.config.stripeWebhookSecret,
    });
    await this.handleWebhook(Buffer.from(payload), signature);
  }

  /** The payment a refund request is about: the gallery's latest one that changed its plan and still stands. */
  latestStanding(eventCode: string): Promise<PaymentEntity | null> {
    return this.dataSource.getRepository(PaymentEntity).findOne({
      where: { eventCode, applied: true, refundedAt: IsNull() },
      order: { paidAt: 'DESC' },
    });
  }

  /**
   * Refunds the gallery's latest standing payment if it is within the refund window; with the plan the gallery
   * is left on once the refund is confirmed.
   */
  async requestRefund(
    eventCode: string,
  ): Promise<{ payment: PaymentEntity; requestedAt: Date; revertTo: PlanId }> {
    const payment = await this.latestStanding(eventCode);
    if (!payment) throw new AppError('NOTHING_TO_REFUND');
    const requestedAt = new Date();
    if (requestedAt > refundDeadline(payment.paidAt)) {
      throw new AppError('REFUND_WINDOW_CLOSED', { count: REFUND_WINDOW_DAYS });
    }
    const revertTo = await galleryPlan(this.dataSource.manager, eventCode, {
      paymentId: payment.id,
      at: requestedAt,
    });
    await this.dataSource
      .getRepository(PaymentEntity)
      .update({ id: payment.id, refundRequestedAt: IsNull() }, { refundRequestedAt: requestedAt });
    await this.refund(payment);
    return { payment, requestedAt, revertTo };
  }
}

/** The event's envelope and, for the types billing acts on, the object's fields, checked; else a 400. */
function parseStripeEvent(signed: unknown): StripeEvent {
  const envelope = stripeEventSchema.safeParse(signed);
  if (!envelope.success) throw new MalformedWebhookEventError(describeIssues(envelope.error));
  const objectSchema = STRIPE_OBJECT_SCHEMAS[envelope.data.type];
  const object = objectSchema?.safeParse(envelope.data.data.object);
  if (object && !object.success) {
    throw new MalformedWebhookEventError(describeIssues(object.error, ['data', 'object']));
  }
  return envelope.data;
}
