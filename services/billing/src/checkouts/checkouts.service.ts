import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import {
  mailLanguage,
  NEW_GALLERY_PURCHASE,
  PLAN_NAMES,
  upgradeOptions,
  type PlanId,
} from '@gallery/contracts';
import {
  AppError,
  RateLimits,
  type VerifiedGalleryOwner,
  type GraphQLRequestContext,
} from '@gallery/platform';
import { BillingConfig } from '../config/billing-config.js';
import { PaymentsService } from '../payments/payments.service.js';
import { STRIPE, type StripeClient } from '../stripe/stripe-client.js';
import { CheckoutEntity, type GalleryCheckout } from '../ledger/checkout.entity.js';

const CURRENCY = 'usd';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Starting, reading, paying (demo) and cancelling checkouts. */
@Injectable()
export class CheckoutsService {
  private readonly logger = new Logger(CheckoutsService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(STRIPE) private readonly stripe: StripeClient,
    @Inject(BillingConfig) private readonly config: BillingConfig,
  ) {}

  /** The checkout with this id, unless there is none or its gallery has been purged. */
  async find(id: string): Promise<GalleryCheckout | null> {
    if (!UUID.test(id)) return null;
    const checkout = await this.dataSource.getRepository(CheckoutEntity).findOneBy({ id: id.toLowerCase() });
    return checkout?.eventCode ? (checkout as GalleryCheckout) : null;
  }

  private async get(id: string): Promise<GalleryCheckout> {
    const checkout = await this.find(id);
    if (!checkout) throw new AppError('CHECKOUT_NOT_FOUND');
    return checkout;
  }

  /**
   * Opens a checkout for the gallery's owner (verified by AccessGuard), priced from the catalogue as an upgrade from the gallery's
   * current plan. With Stripe keys a Checkout Session is created for it (once, whatever the retries: its
   * idempotency key is the checkout id); without, the web app's demo checkout stands in.
   */
  async start(
    { gallery, owner }: VerifiedGalleryOwner,
    plan: PlanId,
    caller: GraphQLRequestContext,
  ): Promise<GalleryCheckout> {
    await this.rateLimits.consume('checkoutStarts', caller.client);
    const option = upgradeOptions(gallery.plan).find((candidate) => candidate.plan === plan);
    if (!option) throw new AppError('UPGRADE_NOT_AVAILABLE');

    const id = randomUUID();
    const language = mailLanguage(caller.acceptLanguage);
    const amountCents = option.priceUsd * 100;
    // The gallery's own order, on this plan and unpaid: the checkout is that purchase, not an upgrade.
    const newGallery = owner.awaitingPlan === plan;
    let paymentUrl = `${this.config.publicUrl}/demo-checkout?checkout=${id}`;
    let stripeSessionId: string | null = null;
    if (!this.config.demo) {
      const names = PLAN_NAMES[language];
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: id,
          customer_email: owner.email,
          metadata: { checkoutId: id, eventCode: gallery.code },
          payment_intent_data: { metadata: { checkoutId: id, eventCode: gallery.code } },
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: CURRENCY,
                unit_amount: amountCents,
                product_data: {
                  name: newGallery
                    ? `${names[plan]} (${NEW_GALLERY_PURCHASE[language]})`
                    : `${names[plan]} (${names[gallery.plan]} -> ${names[plan]})`,
                  description: `Gallery ${gallery.code}`,
                },
              },
            },
          ],
          success_url: `${this.config.publicUrl}/payment-verification?checkout=${id}`,
          cancel_url: `${this.config.publicUrl}/upgrade/${gallery.code}?cancelled=${id}`,
        },
        { idempotencyKey: id },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      paymentUrl = session.url;
      stripeSessionId = session.id;
    }
    const checkout: GalleryCheckout = {
      id,
      eventCode: gallery.code,
      fromPlan: gallery.plan,
      plan,
      amountCents,
      currency: CURRENCY,
      status: 'open',
      paymentUrl,
      demo: this.config.demo,
      newGallery,
      stripeSessionId,
      customerEmail: owner.email,
      language,
      createdAt: new Date(),
      paidAt: null,
    };
    await this.dataSource.getRepository(CheckoutEntity).insert(checkout);
    return checkout;
  }

  /** Demo mode only: pays the checkout through the very webhook path a Stripe payment takes. */
  async payDemo(id: string): Promise<GalleryCheckout> {
    if (!this.config.demo) throw new AppError('DEMO_PAYMENTS_DISABLED');
    const checkout = await this.get(id);
    if (checkout.status === 'open') await this.payments.payDemoCheckout(checkout);
    else if (checkout.status !== 'paid') throw new AppError('CHECKOUT_CLOSED');
    return this.get(id);
  }

  /** Nothing is charged for a cancelled checkout; cancelling twice is harmless, a paid one is refused. */
  async cancel(id: string): Promise<GalleryCheckout> {
    const checkout = await this.get(id);
    if (checkout.status === 'cancelled') return checkout;
    const { affected } = await this.dataSource
      .getRepository(CheckoutEntity)
      .update({ id: checkout.id, status: 'open' }, { status: 'cancelled' });
    if (!affected) throw new AppError('CHECKOUT_CLOSED');
    if (checkout.stripeSessionId) {
      // So Stripe's page cannot be paid any more; if it was paid meanwhile, the webhook records it all the same.
      await this.stripe.checkout.sessions.expire(checkout.stripeSessionId).catch((error: unknown) => {
        this.logger.warn(`session ${checkout.stripeSessionId} not expired: ${(error as Error).message}`);
      });
    }
    return this.get(id);
  }
}
