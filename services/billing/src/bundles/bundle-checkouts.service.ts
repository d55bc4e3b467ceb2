import { randomUUID } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { BUNDLE_LIMITS, findBundle, mailLanguage, PLAN_NAMES } from '@gallery/contracts';
import { AppError, RateLimits, type GraphQLRequestContext } from '@gallery/platform';
import { BillingConfig } from '../config/billing-config.js';
import { SessionOwner } from '../owners/session-owner.js';
import { PaymentsService } from '../payments/payments.service.js';
import { STRIPE, type StripeClient } from '../stripe/stripe-client.js';
import { BundleCheckoutEntity } from '../ledger/bundle-checkout.entity.js';
import { BUNDLE_CHECKOUT_KIND } from '../payments/bundle-payments.js';

const CURRENCY = 'usd';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Buying bundles: a signed-in owner's checkout, priced from the catalogue, through Stripe Checkout (its
 * idempotency key the checkout id) or the demo checkout, which drives the same signed webhook.
 */
@Injectable()
export class BundleCheckoutsService {
  private readonly logger = new Logger(BundleCheckoutsService.name);

  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(SessionOwner) private readonly sessionOwner: SessionOwner,
    @Inject(RateLimits) private readonly rateLimits: RateLimits,
    @Inject(PaymentsService) private readonly payments: PaymentsService,
    @Inject(STRIPE) private readonly stripe: StripeClient,
    @Inject(BillingConfig) private readonly config: BillingConfig,
  ) {}

  async find(id: string): Promise<BundleCheckoutEntity | null> {
    if (!UUID.test(id)) return null;
    return this.dataSource.getRepository(BundleCheckoutEntity).findOneBy({ id: id.toLowerCase() });
  }

  private async get(id: string): Promise<BundleCheckoutEntity> {
    const checkout = await this.find(id);
    if (!checkout) throw new AppError('CHECKOUT_NOT_FOUND');
    return checkout;
  }

  /** Opens a checkout of `quantity` bundles `bundleId` for the signed-in owner. */
  async start(
    bundleId: string,
    quantity: number,
    caller: GraphQLRequestContext,
  ): Promise<BundleCheckoutEntity> {
    await this.rateLimits.consume('checkoutStarts', caller.client);
    const email = await this.sessionOwner.require(caller.authorization);
    const bundle = findBundle(bundleId);
    if (!bundle) throw new AppError('BUNDLE_NOT_FOUND');
    if (!Number.isInteger(quantity) || quantity < 1 || quantity > BUNDLE_LIMITS.bundlesPerCheckout) {
      throw new AppError('TOO_MANY_BUNDLES', { count: BUNDLE_LIMITS.bundlesPerCheckout });
    }
    const id = randomUUID();
    const language = mailLanguage(caller.acceptLanguage);
    const amountCents = bundle.priceCents * quantity;
    let paymentUrl = `${this.config.publicUrl}/dashboard?bundleCheckout=${id}`;
    let stripeSessionId: string | null = null;
    if (!this.config.demo) {
      const name = PLAN_NAMES[language][bundle.plan];
      const metadata = { checkoutId: id, kind: BUNDLE_CHECKOUT_KIND, bundleId: bundle.id };
      const session = await this.stripe.checkout.sessions.create(
        {
          mode: 'payment',
          client_reference_id: id,
          customer_email: email,
          metadata,
          payment_intent_data: { metadata },
          line_items: [
            {
              quantity,
              price_data: {
                currency: CURRENCY,
                unit_amount: bundle.priceCents,
                product_data: { name: `${bundle.events} x ${name}` },
              },
            },
          ],
          success_url: `${this.config.publicUrl}/dashboard?bundleCheckout=${id}`,
          cancel_url: `${this.config.publicUrl}/pricing`,
        },
        { idempotencyKey: id },
      );
      if (!session.url) throw new Error(`Stripe gave checkout session ${session.id} no URL`);
      paymentUrl = session.url;
      stripeSessionId = session.id;
    }
    const checkout: BundleCheckoutEntity = {
      id,
      ownerEmail: email,
      bundleId: bundle.id,
      plan: bundle.plan,
      events: bundle.events,
      quantity,
      amountCents,
      currency: CURRENCY,
      status: 'open',
      paymentUrl,
      demo: this.config.demo,
      stripeSessionId,
      language,
      createdAt: new Date(),
      paidAt: null,
    };
    await this.dataSource.getRepository(BundleCheckoutEntity).insert(checkout);
    return checkout;
  }

  /** Demo mode only: pays the checkout through the very webhook path a Stripe payment takes. */
  async payDemo(id: string): Promise<BundleCheckoutEntity> {
    if (!this.config.demo) throw new AppError('DEMO_PAYMENTS_DISABLED');
    const checkout = await this.get(id);
    if (checkout.status === 'open') await this.payments.payDemoBundleCheckout(checkout);
    else if (checkout.status !== 'paid') throw new AppError('CHECKOUT_CLOSED');
    return this.get(id);
  }

  /** Nothing is charged for a cancelled checkout; cancelling twice is harmless, a paid one is refused. */
  async cancel(id: string): Promise<BundleCheckoutEntity> {
    const checkout = await this.get(id);
    if (checkout.status === 'cancelled') return checkout;
    const { affected } = await this.dataSource
      .getRepository(BundleCheckoutEntity)
      .update({ id: checkout.id, status: 'open' }, { status: 'cancelled' });
    if (!affected) throw new AppError('CHECKOUT_CLOSED');
    if (checkout.stripeSessionId) {
      await this.stripe.checkout.sessions.expire(checkout.stripeSessionId).catch((error: unknown) => {
        this.logger.warn(`session ${checkout.stripeSessionId} not expired: ${(error as Error).message}`);
      });
    }
    return this.get(id);
  }
}
