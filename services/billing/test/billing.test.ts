import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import request from 'supertest';
import {
  API_LIMITS,
  en,
  englishMessage,
  RATE_LIMITS,
  REFUND_WINDOW_DAYS,
  upgradeOptions,
} from '@gallery/contracts';
import { caughtMail, findFreePort, startMailCatcher } from '@gallery/local-servers';
import {
  databaseMentions,
  startTestMailCatcher,
  startTestPostgres,
  type TestMailCatcher,
  type TestPostgres,
  waitFor,
} from '@gallery/testing';
import {
  DAY_MS,
  PUBLIC_URL,
  STRIPE_WEBHOOK_SECRET,
  signer,
  type Checkout,
  START,
  PAY_DEMO,
  CANCEL,
  CHECKOUT,
  REFUND,
  REFUNDABLE_UNTIL,
  startBilling,
  type BillingHarness,
  type FakeStripe,
  signedEvent,
  sessionCompleted,
  chargeRefunded,
} from './harness.js';

describe('billing service', () => {
  let postgres: TestPostgres | undefined;
  let mail: TestMailCatcher | undefined;

  beforeAll(async () => {
    [postgres, mail] = await Promise.all([startTestPostgres(), startTestMailCatcher()]);
  });

  afterAll(async () => {
    await mail?.stop();
    await postgres?.stop();
  });

  async function mailTo(address: string, subjectPart: string) {
    let found: Awaited<ReturnType<typeof caughtMail>>[number] | undefined;
    await waitFor(`mail to ${address}`, async () => {
      found = (await caughtMail(mail!.webUrl)).find(
        (message) => message.to.some((to) => to.address === address) && message.subject.includes(subjectPart),
      );
      return Boolean(found);
    });
    return found!;
  }

  describe('with Stripe keys', () => {
    let billing: BillingHarness | undefined;
    let stripe: FakeStripe | undefined;

    beforeAll(async () => {
      billing = await startBilling({ postgres, mail });
      stripe = billing.stripe;
    });

    afterAll(() => billing?.stop());

    /** The gallery's payment rows, oldest first. */
    async function paymentsOf(code: string) {
      return (await billing!.dataSource.query(
        'SELECT id, payment_intent, applied, refunded_at FROM payments WHERE event_code = $1 ORDER BY paid_at',
        [code],
      )) as { id: string; payment_intent: string; applied: boolean; refunded_at: Date | null }[];
    }

    it('opens a Stripe Checkout Session priced from the catalogue, with the checkout id as idempotency key', async () => {
      const gallery = billing!.gallery('standard');
      const checkout = await billing!.startCheckout(gallery, 'PREMIUM');

      const price = upgradeOptions('standard').find((option) => option.plan === 'premium')!.priceUsd;
      expect(checkout).toMatchObject({
        eventCode: gallery.code,
        fromPlan: 'STANDARD',
        plan: 'PREMIUM',
        amountCents: price * 100,
        currency: 'usd',
        status: 'OPEN',
        demo: false,
      });
      expect(checkout.paymentUrl).toMatch(/^https:\/\/checkout\.stripe\.test\/c\/pay\/cs_test_/);

      const call = stripe!.calls.find((c) => c.form.get('client_reference_id') === checkout.id)!;
      expect(call.path).toBe('/v1/checkout/sessions');
      expect(call.headers['idempotency-key']).toBe(checkout.id);
      expect(call.headers.authorization).toBe('Bearer sk_test_billing');
      expect(call.form.get('mode')).toBe('payment');
      expect(call.form.get('metadata[checkoutId]')).toBe(checkout.id);
      expect(call.form.get('customer_email')).toBe(gallery.email);
      expect(call.form.get('line_items[0][quantity]')).toBe('1');
      expect(call.form.get('line_items[0][price_data][currency]')).toBe('usd');
      expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe(String(price * 100));
      expect(call.form.get('success_url')).toBe(`${PUBLIC_URL}/payment-verification?checkout=${checkout.id}`);
      expect(call.form.get('cancel_url')).toBe(
        `${PUBLIC_URL}/upgrade/${gallery.code}?cancelled=${checkout.id}`,
      );

      const read = await billing!.graphql<{ checkout: Checkout }>(CHECKOUT, { id: checkout.id });
      expect(read.data!.checkout).toEqual(checkout);
      const unknown = await billing!.graphql<{ checkout: Checkout | null }>(CHECKOUT, { id: randomUUID() });
      expect(unknown.data!.checkout).toBeNull();
    });

    it('refuses a plan that is not an upgrade of the gallery', async () => {
      const gallery = billing!.gallery('premium');
      const body = await billing!.graphql(
        START,
        { code: gallery.code, plan: 'STANDARD' },
        { token: gallery.token },
      );
      expect(body.errors?.[0]).toMatchObject({
        message: en.errors.UPGRADE_NOT_AVAILABLE,
        extensions: { code: 'UPGRADE_NOT_AVAILABLE' },
      });
    });

    it('closes the checkouts of a purged gallery, and refunds at once one paid on a Stripe page left open', async () => {
      const gallery = billing!.gallery('free');
      const open = await billing!.startCheckout(gallery, 'STANDARD');
      await billing!.purge(gallery.code, open.id);
      expect(
        await billing!.dataSource.query(
          'SELECT status, customer_email, payment_url FROM checkouts WHERE id = $1',
          [open.id],
        ),
      ).toEqual([{ status: 'cancelled', customer_email: '', payment_url: '' }]);
      expect(await databaseMentions(billing!.config.databaseUrl, gallery.code)).toEqual([]);

      // The couple had the Stripe page open and pays after deleting the gallery.
      const late = sessionCompleted(open, `pi_late_${gallery.code}`);
      expect((await billing!.webhook(late.payload, late.signature)).status).toBe(200);
      const [payment] = (await billing!.dataSource.query(
        'SELECT id, applied, event_code FROM payments WHERE checkout_id = $1',
        [open.id],
      )) as { id: string; applied: boolean; event_code: string | null }[];
      expect(payment).toMatchObject({ applied: false, event_code: null });
      const refunds = stripe!.calls.filter(
        (c) => c.path === '/v1/refunds' && c.form.get('payment_intent') === `pi_late_${gallery.code}`,
      );
      expect(refunds).toHaveLength(1);
      expect(refunds[0].headers['idempotency-key']).toBe(`refund-${payment.id}`);
      await waitFor('the outbox drained', () => billing!.outboxPublished());
      expect(await billing!.publishedFor('payment.succeeded', gallery.code)).toHaveLength(0);
    });

    it('lets only the owner start a checkout or ask for a refund', async () => {
      const gallery = billing!.gallery('free');
      const stranger = randomBytes(32).toString('base64url');
      const anotherOwner = billing!.gallery('free').token;
      for (const [query, variables] of [
        [START, { code: gallery.code, plan: 'STANDARD' }],
        [REFUND, { code: gallery.code }],
      ] as const) {
        for (const token of [stranger, anotherOwner]) {
          const body = await billing!.graphql(query, variables, { token });
          expect(body.errors?.[0]).toMatchObject({
            message: en.errors.NOT_GALLERY_OWNER,
            extensions: { code: 'NOT_GALLERY_OWNER' },
          });
        }
        const anonymous = await billing!.graphql(query, variables, {});
        expect(anonymous.errors?.[0]).toMatchObject({
          message: en.errors.UNAUTHENTICATED,
          extensions: { code: 'UNAUTHENTICATED' },
        });
      }
      const missing = await billing!.graphql(
        START,
        { code: 'CCCCCCCC', plan: 'STANDARD' },
        { token: stranger },
      );
      expect(missing.errors?.[0].extensions.code).toBe('GALLERY_NOT_FOUND');
      const refundable = await billing!.graphql<{ _entities: { refundableUntil: string | null }[] }>(
        REFUNDABLE_UNTIL,
        { representations: [{ __typename: 'Event', code: gallery.code }] },
        { token: stranger },
      );
      expect(refundable.data!._entities[0].refundableUntil).toBeNull();
      expect(stripe!.calls.some((c) => c.form.get('metadata[eventCode]') === gallery.code)).toBe(false);
    });

    it('answers 400 to a bad or missing signature and changes nothing', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'STANDARD');
      const event = sessionCompleted(checkout);

      const forged = signer.webhooks.generateTestHeaderString({
        payload: event.payload,
        secret: 'whsec_wrong',
      });
      expect((await billing!.webhook(event.payload, forged)).status).toBe(400);
      expect((await billing!.webhook(event.payload)).status).toBe(400);
      const tampered = event.payload.replace(String(checkout.amountCents), '1');
      expect((await billing!.webhook(tampered, event.signature)).status).toBe(400);

      const recorded = await billing!.dataSource.query('SELECT 1 FROM stripe_events WHERE id = $1', [
        event.id,
      ]);
      expect(recorded).toHaveLength(0);
      expect(await paymentsOf(gallery.code)).toHaveLength(0);
      const read = await billing!.graphql<{ checkout: Checkout }>(CHECKOUT, { id: checkout.id });
      expect(read.data!.checkout.status).toBe('OPEN');
    });

    it('answers 400 to a correctly signed event without the shape billing reads, and records nothing', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'STANDARD');
      const sign = (payload: string) =>
        signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET });
      const id = `evt_${randomUUID()}`;
      const malformed: [string, string][] = [
        ['no data', JSON.stringify({ id, object: 'event', type: 'checkout.session.completed' })],
        [
          'no id',
          JSON.stringify({ object: 'event', type: 'checkout.session.completed', data: { object: {} } }),
        ],
        ['a JSON array', JSON.stringify([{ id, type: 'checkout.session.completed' }])],
        ['data without object', JSON.stringify({ id, type: 'charge.refunded', data: {} })],
        [
          'a session whose amount is text',
          JSON.stringify({
            id,
            type: 'checkout.session.completed',
            data: {
              object: {
                id: 'cs_1',
                client_reference_id: checkout.id,
                metadata: { checkoutId: checkout.id },
                amount_total: 'lots',
              },
            },
          }),
        ],
      ];
      for (const [what, payload] of malformed) {
        const response = await billing!.webhook(payload, sign(payload));
        expect({ what, status: response.status }).toEqual({ what, status: 400 });
        expect(response.body).toMatchObject({ error: 'malformed event' });
      }
      expect(
        (await billing!.webhook(malformed[4][1], sign(malformed[4][1]))).body.detail as string,
      ).toContain('data.object.amount_total');
      expect(await billing!.dataSource.query('SELECT 1 FROM stripe_events WHERE id = $1', [id])).toEqual([]);
      expect(await paymentsOf(gallery.code)).toHaveLength(0);
    });

    it('takes webhook bodies up to their own limit and says which limit a larger one broke', async () => {
      // Larger than a GraphQL request may be, within the webhook's limit: handled.
      const padded = signedEvent('customer.updated', {
        id: 'cus_1',
        object: 'customer',
        note: 'x'.repeat(API_LIMITS.bodyBytes + 1024),
      });
      expect((await billing!.webhook(padded.payload, padded.signature)).status).toBe(200);

      const tooLarge = JSON.stringify({ id: 'evt_big', pad: 'x'.repeat(API_LIMITS.webhookBodyBytes) });
      const refused = await billing!.webhook(tooLarge, 't=1,v1=whatever');
      expect(refused.status).toBe(413);
      expect(refused.body.errors[0]).toEqual({
        message: `The webhook body is larger than ${API_LIMITS.webhookBodyBytes / 1024} KB.`,
        extensions: { code: 'PAYLOAD_TOO_LARGE' },
      });

      // GraphQL keeps the product's one body limit.
      const graphql = await request(billing!.app.getHttpServer())
        .post('/graphql')
        .set('Content-Type', 'application/json')
        .send(JSON.stringify({ query: '{ __typename }', pad: 'x'.repeat(API_LIMITS.bodyBytes) }));
      expect(graphql.status).toBe(413);
      expect(graphql.body.errors[0].message).toBe(
        `The request body is larger than ${API_LIMITS.bodyBytes / 1024} KB.`,
      );
    });

    it('records a payment once for a Stripe event delivered twice, publishes one payment.succeeded and mails a receipt', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'STANDARD', 'fr-FR,fr;q=0.9');
      const event = sessionCompleted(checkout);

      expect((await billing!.webhook(event.payload, event.signature)).status).toBe(200);
      expect((await billing!.webhook(event.payload, event.signature)).status).toBe(200);

      const payments = await paymentsOf(gallery.code);
      expect(payments).toHaveLength(1);
      const succeeded = await billing!.publishedFor('payment.succeeded', gallery.code);
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0].data).toMatchObject({
        paymentId: payments[0].id,
        eventCode: gallery.code,
        fromPlan: 'free',
        plan: 'standard',
        amountCents: checkout.amountCents,
        currency: 'usd',
      });
      const read = await billing!.graphql<{ checkout: Checkout }>(CHECKOUT, { id: checkout.id });
      expect(read.data!.checkout.status).toBe('PAID');

      const receipt = await mailTo(gallery.email, gallery.code);
      expect(receipt.subject).toContain('Reçu de paiement');
      expect(receipt.text).toContain('49,00');
      expect(receipt.text).toContain(`${PUBLIC_URL}/fr/gallery/${gallery.code}`);
      expect(receipt.text).toContain('Gratuite -> Standard');
    });

    it('applies one of two checkouts paid for the same upgrade and refunds the other', async () => {
      const gallery = billing!.gallery('free');
      const first = await billing!.startCheckout(gallery, 'STANDARD');
      const second = await billing!.startCheckout(gallery, 'STANDARD');
      const [a, b] = [
        sessionCompleted(first, 'pi_first_' + gallery.code),
        sessionCompleted(second, 'pi_second_' + gallery.code),
      ];

      const answers = await Promise.all([
        billing!.webhook(a.payload, a.signature),
        billing!.webhook(b.payload, b.signature),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);

      const payments = await paymentsOf(gallery.code);
      expect(payments.map((p) => p.applied).sort()).toEqual([false, true]);
      const unapplied = payments.find((p) => !p.applied)!;
      const refunds = stripe!.calls.filter(
        (c) => c.path === '/v1/refunds' && c.form.get('payment_intent')?.endsWith(gallery.code),
      );
      expect(refunds).toHaveLength(1);
      expect(refunds[0].form.get('payment_intent')).toBe(unapplied.payment_intent);
      expect(refunds[0].headers['idempotency-key']).toBe(`refund-${unapplied.id}`);

      const succeeded = await billing!.publishedFor('payment.succeeded', gallery.code);
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0].data.paymentId).toBe(payments.find((p) => p.applied)!.id);

      // Stripe then confirms the refund of the unapplied payment: no plan to revert.
      const confirmed = chargeRefunded(unapplied.payment_intent);
      expect((await billing!.webhook(confirmed.payload, confirmed.signature)).status).toBe(200);
      expect((await paymentsOf(gallery.code)).find((p) => p.id === unapplied.id)!.refunded_at).not.toBeNull();
      expect(await billing!.publishedFor('payment.refunded', gallery.code)).toHaveLength(0);
    });

    it('refunds within the window through Stripe, and reverts the plan once Stripe confirms it', async () => {
      const gallery = billing!.gallery('free');
      const standard = sessionCompleted(await billing!.startCheckout(gallery, 'STANDARD'));
      expect((await billing!.webhook(standard.payload, standard.signature)).status).toBe(200);
      gallery.plan = 'standard';
      const checkout = await billing!.startCheckout(gallery, 'PREMIUM');
      const paid = sessionCompleted(checkout, `pi_refund_${gallery.code}`);
      expect((await billing!.webhook(paid.payload, paid.signature)).status).toBe(200);

      const until = await billing!.graphql<{ _entities: { refundableUntil: string | null }[] }>(
        REFUNDABLE_UNTIL,
        { representations: [{ __typename: 'Event', code: gallery.code }] },
        { token: gallery.token },
      );
      const deadline = new Date(until.data!._entities[0].refundableUntil!).getTime();
      expect(deadline - Date.now()).toBeGreaterThan((REFUND_WINDOW_DAYS - 1) * DAY_MS);

      const body = await billing!.graphql<{ requestRefund: Record<string, unknown> }>(
        REFUND,
        { code: gallery.code },
        { token: gallery.token },
      );
      expect(body.errors).toBeUndefined();
      expect(body.data!.requestRefund).toMatchObject({
        eventCode: gallery.code,
        amountCents: checkout.amountCents,
        currency: 'usd',
        revertedTo: 'STANDARD',
      });
      const call = stripe!.calls.find(
        (c) => c.path === '/v1/refunds' && c.form.get('payment_intent') === `pi_refund_${gallery.code}`,
      )!;
      const [, payment] = await paymentsOf(gallery.code);
      expect(call.headers['idempotency-key']).toBe(`refund-${payment.id}`);
      expect(payment.refunded_at).toBeNull();

      const confirmed = chargeRefunded(`pi_refund_${gallery.code}`);
      expect((await billing!.webhook(confirmed.payload, confirmed.signature)).status).toBe(200);
      const refunded = await billing!.publishedFor('payment.refunded', gallery.code);
      expect(refunded).toHaveLength(1);
      expect(refunded[0].data).toMatchObject({
        paymentId: payment.id,
        plan: 'premium',
        revertTo: 'standard',
        amountCents: checkout.amountCents,
      });
      const read = await billing!.graphql<{ checkout: Checkout }>(CHECKOUT, { id: checkout.id });
      expect(read.data!.checkout.status).toBe('REFUNDED');
      await mailTo(gallery.email, 'Refund confirmed');
    });

    it('refuses a refund once the window has passed, saying why', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'PREMIUM');
      const paid = sessionCompleted(checkout);
      expect((await billing!.webhook(paid.payload, paid.signature)).status).toBe(200);
      await billing!.dataSource.query(
        `UPDATE payments SET paid_at = now() - make_interval(days => $2) WHERE event_code = $1`,
        [gallery.code, REFUND_WINDOW_DAYS + 1],
      );
      const calls = stripe!.calls.length;

      const body = await billing!.graphql(REFUND, { code: gallery.code }, { token: gallery.token });
      expect(body.errors?.[0]).toMatchObject({
        message: englishMessage('errors.REFUND_WINDOW_CLOSED', { count: REFUND_WINDOW_DAYS }),
        extensions: { code: 'REFUND_WINDOW_CLOSED', count: REFUND_WINDOW_DAYS },
      });
      expect(body.errors?.[0].message).toContain('30-day');
      expect(stripe!.calls.length).toBe(calls);
    });

    it('cancels a checkout and expires its Stripe session', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'STANDARD');
      const cancelled = await billing!.graphql<{ cancelCheckout: Checkout }>(CANCEL, { id: checkout.id });
      expect(cancelled.data!.cancelCheckout.status).toBe('CANCELLED');
      const session = checkout.paymentUrl.split('/').pop()!;
      expect(stripe!.calls.some((c) => c.path === `/v1/checkout/sessions/${session}/expire`)).toBe(true);
    });

    it('refuses the demo payment when Stripe takes the payments', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'STANDARD');
      const body = await billing!.graphql(PAY_DEMO, { id: checkout.id });
      expect(body.errors?.[0].extensions.code).toBe('DEMO_PAYMENTS_DISABLED');
    });
  });

  describe('without Stripe keys (demo checkout)', () => {
    let billing: BillingHarness | undefined;

    beforeAll(async () => {
      billing = await startBilling({ postgres, mail, stripe: false });
    });

    afterAll(() => billing?.stop());

    it('pays the demo checkout through the signed webhook path, once', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'PREMIUM', 'es');
      expect(checkout).toMatchObject({
        demo: true,
        status: 'OPEN',
        paymentUrl: `${PUBLIC_URL}/demo-checkout?checkout=${checkout.id}`,
      });

      const paid = await billing!.graphql<{ payDemoCheckout: Checkout }>(PAY_DEMO, { id: checkout.id });
      expect(paid.errors).toBeUndefined();
      expect(paid.data!.payDemoCheckout.status).toBe('PAID');
      const again = await billing!.graphql<{ payDemoCheckout: Checkout }>(PAY_DEMO, { id: checkout.id });
      expect(again.data!.payDemoCheckout.status).toBe('PAID');

      const recorded = (await billing!.dataSource.query(
        'SELECT id, type FROM stripe_events WHERE id LIKE $1',
        [`%${checkout.id}`],
      )) as { id: string; type: string }[];
      expect(recorded).toEqual([{ id: `evt_demo_paid_${checkout.id}`, type: 'checkout.session.completed' }]);
      const succeeded = await billing!.publishedFor('payment.succeeded', gallery.code);
      expect(succeeded).toHaveLength(1);
      expect(succeeded[0].data).toMatchObject({ fromPlan: 'free', plan: 'premium', amountCents: 9900 });

      const receipt = await mailTo(gallery.email, gallery.code);
      expect(receipt.subject).toContain('Recibo de pago');
      expect(receipt.text).toContain('Gratis -> Premium');
    });

    it('refunds a demo payment with a signed charge.refunded, which reverts the plan', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'STANDARD');
      await billing!.graphql(PAY_DEMO, { id: checkout.id });

      const body = await billing!.graphql<{ requestRefund: Record<string, unknown> }>(
        REFUND,
        { code: gallery.code },
        { token: gallery.token },
      );
      expect(body.errors).toBeUndefined();
      expect(body.data!.requestRefund).toMatchObject({ revertedTo: 'FREE', amountCents: 4900 });

      const refunded = await billing!.publishedFor('payment.refunded', gallery.code);
      expect(refunded).toHaveLength(1);
      expect(refunded[0].data).toMatchObject({ plan: 'standard', revertTo: 'free' });
      const recorded = await billing!.dataSource.query(
        "SELECT 1 FROM stripe_events WHERE type = 'charge.refunded'",
      );
      expect(recorded.length).toBeGreaterThan(0);

      const again = await billing!.graphql(REFUND, { code: gallery.code }, { token: gallery.token });
      expect(again.errors?.[0].extensions.code).toBe('NOTHING_TO_REFUND');
    });

    it('applies one of two demo checkouts paid for the same upgrade and refunds the other', async () => {
      const gallery = billing!.gallery('free');
      const first = await billing!.startCheckout(gallery, 'STANDARD');
      const second = await billing!.startCheckout(gallery, 'STANDARD');
      await billing!.graphql(PAY_DEMO, { id: first.id });
      await billing!.graphql(PAY_DEMO, { id: second.id });

      expect(await billing!.publishedFor('payment.succeeded', gallery.code)).toHaveLength(1);
      const second_ = await billing!.graphql<{ checkout: Checkout }>(CHECKOUT, { id: second.id });
      expect(second_.data!.checkout.status).toBe('REFUNDED');
      expect(await billing!.publishedFor('payment.refunded', gallery.code)).toHaveLength(0);
    });

    it('limits how many checkouts one client starts', async () => {
      const gallery = billing!.gallery('free');
      const client = `client-${randomUUID()}`;
      const start = () =>
        billing!.graphql(START, { code: gallery.code, plan: 'STANDARD' }, { token: gallery.token, client });
      for (let i = 0; i < RATE_LIMITS.checkoutStarts.points; i++) {
        expect((await start()).errors).toBeUndefined();
      }
      const refused = await start();
      expect(refused.errors?.[0].extensions.code).toBe('RATE_LIMITED');
    });

    it("keeps a purged gallery's payments for accounting with nothing of the gallery left in the database", async () => {
      const gallery = billing!.gallery('free');
      const paid = await billing!.startCheckout(gallery, 'STANDARD');
      await billing!.graphql(PAY_DEMO, { id: paid.id });
      const abandoned = await billing!.startCheckout(gallery, 'PREMIUM');
      await waitFor('payment.succeeded published', () => billing!.outboxPublished());

      await billing!.purge(gallery.code, abandoned.id);

      expect(await databaseMentions(billing!.config.databaseUrl, gallery.code)).toEqual([]);
      expect(await databaseMentions(billing!.config.databaseUrl, gallery.email)).toEqual([]);
      const kept = await billing!.dataSource.query(
        `SELECT p.event_code, p.amount_cents, p.plan, p.payment_intent, c.customer_email, c.payment_url
           FROM payments p JOIN checkouts c ON c.id = p.checkout_id WHERE c.id = $1`,
        [paid.id],
      );
      expect(kept).toEqual([
        {
          event_code: null,
          amount_cents: 4900,
          plan: 'standard',
          payment_intent: `pi_demo_${paid.id}`,
          customer_email: '',
          payment_url: '',
        },
      ]);
      const read = await billing!.graphql<{ checkout: Checkout | null }>(CHECKOUT, { id: paid.id });
      expect(read.data!.checkout).toBeNull();
    });

    it('cancels an open checkout, and a cancelled one cannot be paid', async () => {
      const gallery = billing!.gallery('free');
      const checkout = await billing!.startCheckout(gallery, 'STANDARD');
      const cancelled = await billing!.graphql<{ cancelCheckout: Checkout }>(CANCEL, { id: checkout.id });
      expect(cancelled.data!.cancelCheckout.status).toBe('CANCELLED');
      const paid = await billing!.graphql(PAY_DEMO, { id: checkout.id });
      expect(paid.errors?.[0].extensions.code).toBe('CHECKOUT_CLOSED');
    });
  });
  describe('while the mail server is down', () => {
    let billing: BillingHarness | undefined;
    let lateCatcher: { stop(): Promise<void> } | undefined;
    let dataDir: string | undefined;

    afterAll(async () => {
      await billing?.stop();
      await lateCatcher?.stop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    });

    it('sends the receipt once the mail server is back, not never', async () => {
      const [smtpPort, webPort] = [await findFreePort(), await findFreePort()];
      // Nothing listens there yet.
      billing = await startBilling({ postgres, mail: `smtp://127.0.0.1:${smtpPort}`, stripe: false });
      const gallery = billing.gallery('free');
      const checkout = await billing.startCheckout(gallery, 'STANDARD');
      await billing.graphql(PAY_DEMO, { id: checkout.id });
      expect(await billing.publishedFor('payment.succeeded', gallery.code)).toHaveLength(1);
      // The receipt's first attempts fail (connection refused) and the event is redelivered with back-off.

      dataDir = await mkdtemp(path.join(os.tmpdir(), 'billing-late-mail-'));
      const catcher = await startMailCatcher({ dataDir, smtpPort, webPort });
      lateCatcher = catcher;
      let received: Awaited<ReturnType<typeof caughtMail>> = [];
      await waitFor(
        'the receipt after the mail server came back',
        async () => {
          received = (await caughtMail(catcher.webUrl)).filter((m) => m.subject.includes(gallery.code));
          return received.length > 0;
        },
        60_000,
      );
      expect(received).toHaveLength(1);
      expect(received[0].to[0].address).toBe(gallery.email);
    });
  });
});
