import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { caughtMail } from '@gallery/local-servers';
import { waitFor } from '@gallery/testing';
import {
  chargeRefunded,
  REFUND,
  sessionCompleted,
  startBilling,
  type BillingHarness,
  type Checkout,
  type TestGallery,
} from './harness.js';

// A payment is priced against the plan the gallery has when the money lands, and a refund says the plan it leaves
// the gallery on, by the rule events applies (the plan the payment replaced when the plan rests on it).

let billing: BillingHarness | undefined;

beforeAll(async () => {
  billing = await startBilling();
});

afterAll(() => billing?.stop());

/** Pays the checkout on Stripe's page; the Stripe event's delivery is answered 200. */
async function pay(checkout: Checkout, paymentIntent: string): Promise<void> {
  const paid = sessionCompleted(checkout, paymentIntent);
  expect((await billing!.webhook(paid.payload, paid.signature)).status).toBe(200);
}

/** Stripe confirms a refund of the payment (asked by billing, or made on Stripe's dashboard). */
async function refundConfirmed(paymentIntent: string): Promise<void> {
  const confirmed = chargeRefunded(paymentIntent);
  expect((await billing!.webhook(confirmed.payload, confirmed.signature)).status).toBe(200);
}

/** The gallery's payments, oldest first. */
async function paymentsOf(code: string) {
  return (await billing!.dataSource.query(
    'SELECT plan, amount_cents, applied, refund_requested_at FROM payments WHERE event_code = $1 ORDER BY paid_at',
    [code],
  )) as { plan: string; amount_cents: number; applied: boolean; refund_requested_at: Date | null }[];
}

/** The refund confirmation mailed to the gallery's owner that says `line`. */
async function refundMailSaying(gallery: TestGallery, line: string) {
  return waitFor(`a refund mail saying "${line}"`, async () =>
    (await caughtMail(billing!.mail!.webUrl)).find(
      (message) =>
        message.to.some((to) => to.address === gallery.email) &&
        message.subject === `Refund confirmed for gallery ${gallery.code}` &&
        message.text?.includes(line),
    ),
  );
}

describe('plan changes under a checkout', () => {
  it('refunds at once a checkout paid after a refund changed the plan it was priced from', async () => {
    const gallery = billing!.gallery('free');
    await pay(await billing!.startCheckout(gallery, 'STANDARD'), `pi_standard_${gallery.code}`);
    gallery.plan = 'standard';
    // Priced as the upgrade from Standard: the difference, not Premium's price.
    const premium = await billing!.startCheckout(gallery, 'PREMIUM');
    expect(premium).toMatchObject({ fromPlan: 'STANDARD', amountCents: 5000 });

    await refundConfirmed(`pi_standard_${gallery.code}`);
    gallery.plan = 'free';
    await refundMailSaying(gallery, 'Your gallery returns from the Standard plan to the Free plan.');

    // The checkout left open is paid now, at Standard's difference, for a gallery back on Free.
    await pay(premium, `pi_premium_${gallery.code}`);
    const [, stale] = await paymentsOf(gallery.code);
    expect(stale).toMatchObject({ plan: 'premium', amount_cents: 5000, applied: false });
    expect(stale.refund_requested_at).not.toBeNull();
    expect(
      billing!.stripe!.calls.filter(
        (call) =>
          call.path === '/v1/refunds' && call.form.get('payment_intent') === `pi_premium_${gallery.code}`,
      ),
    ).toHaveLength(1);
    const succeeded = await billing!.publishedFor('payment.succeeded', gallery.code);
    expect(succeeded.map((event) => event.data.plan)).toEqual(['standard']);
  });

  it('says, in the event and the mail, the plan a refund leaves the gallery on', async () => {
    const gallery = billing!.gallery('free');
    await pay(await billing!.startCheckout(gallery, 'STANDARD'), `pi_standard_${gallery.code}`);
    gallery.plan = 'standard';
    await pay(await billing!.startCheckout(gallery, 'PREMIUM'), `pi_premium_${gallery.code}`);
    gallery.plan = 'premium';

    // Standard refunded on Stripe's dashboard: Premium, bought after it, is what the plan rests on.
    await refundConfirmed(`pi_standard_${gallery.code}`);
    await refundMailSaying(
      gallery,
      'Your gallery stays on the Premium plan, which a later purchase gave it.',
    );
    // Then Premium, asked from the product: events puts back the plan it replaced.
    const asked = await billing!.graphql<{ requestRefund: { revertedTo: string } }>(
      REFUND,
      { code: gallery.code },
      { token: gallery.token },
    );
    expect(asked.errors).toBeUndefined();
    expect(asked.data!.requestRefund.revertedTo).toBe('STANDARD');
    await refundConfirmed(`pi_premium_${gallery.code}`);
    await refundMailSaying(gallery, 'Your gallery returns from the Premium plan to the Standard plan.');

    const refunded = await billing!.publishedFor('payment.refunded', gallery.code);
    expect(refunded.map(({ data }) => [data.plan, data.revertTo])).toEqual([
      ['standard', 'premium'],
      ['premium', 'standard'],
    ]);
  });
});
