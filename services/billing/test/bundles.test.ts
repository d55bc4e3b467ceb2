import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import {
  BUNDLE_LIMITS,
  CREDIT_VALIDITY_DAYS,
  en,
  englishMessage,
  findBundle,
  REFUND_WINDOW_DAYS,
  type PlanId,
  type Subject,
} from '@gallery/contracts';
import { caughtMail, findFreePort } from '@gallery/local-servers';
import { CLIENT_ADDRESS_HEADER, OutboxRelay } from '@gallery/platform';
import { databaseMentions, type TestMailCatcher, waitFor } from '@gallery/testing';
import type { BillingConfig } from '../src/config/billing-config.js';
import {
  DAY_MS,
  PUBLIC_URL,
  signer,
  startBilling,
  STRIPE_WEBHOOK_SECRET,
  type BillingHarness,
  type FakeStripe,
  type GraphQLBody,
} from './harness.js';

interface Credit {
  id: string;
  plan: string;
  status: string;
  expiresAt: string;
  redeemedAt: string | null;
  eventCode: string | null;
}

interface Purchase {
  id: string;
  bundleId: string;
  plan: string;
  events: number;
  quantity: number;
  amountCents: number;
  paidAt: string;
  expiresAt: string;
  refundableUntil: string | null;
  refundableCents: number;
  refundCents: number | null;
  refundedAt: string | null;
  credits: Credit[];
}

interface BundleCheckout {
  id: string;
  bundleId: string;
  amountCents: number;
  currency: string;
  status: string;
  paymentUrl: string;
}

const CREDIT_FIELDS = 'id plan status expiresAt redeemedAt eventCode';
const PURCHASES = `query { myBundlePurchases { id bundleId plan events quantity amountCents paidAt expiresAt
  refundableUntil refundableCents refundCents refundedAt credits { ${CREDIT_FIELDS} } } }`;
const START = `mutation Start($bundleId: String!, $quantity: Int!) {
  startBundleCheckout(bundleId: $bundleId, quantity: $quantity) { id bundleId amountCents currency status paymentUrl }
}`;
const REDEEM = `mutation Redeem($creditId: ID!, $code: String!, $plan: Plan!) {
  redeemCredit(creditId: $creditId, eventCode: $code, plan: $plan) { ${CREDIT_FIELDS} }
}`;
const REFUND = `mutation Refund($id: ID!) { refundUnusedCredits(purchaseId: $id) { refundCents credits { status } } }`;
const CREATE_GALLERY = `mutation Create($input: CreateGalleryInput!) {
  createGallery(input: $input) { event { code } sessionToken }
}`;

function signedEvent(type: string, object: Record<string, unknown>, id = `evt_${randomUUID()}`) {
  const payload = JSON.stringify({ id, object: 'event', type, data: { object } });
  return {
    payload,
    signature: signer.webhooks.generateTestHeaderString({ payload, secret: STRIPE_WEBHOOK_SECRET }),
  };
}

/** The built events service (`npm run build`), run as its own process: Nest's GraphQL type registry is one per
 * process, so two subgraphs cannot boot in one, and a process can be killed for real. */
const EVENTS_ENTRY = path.join(import.meta.dirname, '..', '..', 'events', 'dist', 'main.js');

/** Starts the events service and resolves once it says it is listening. */
async function startEventsProcess(env: Record<string, string>): Promise<ChildProcess> {
  const child = spawn(process.execPath, [EVENTS_ENTRY], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      // Required in production, as media's: guests' tries are counted by the identity media signs.
      GUEST_IDENTITY_KEY: randomBytes(32).toString('base64url'),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const seen = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('events service listening on')) resolve();
    };
    child.stdout!.on('data', seen);
    child.stderr!.on('data', seen);
    child.once('exit', (code) => reject(new Error(`events exited (${code}) before listening:\n${output}`)));
  });
  return child;
}

async function killProcess(
  child: ChildProcess | undefined,
  signal: NodeJS.Signals = 'SIGTERM',
): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill(signal);
  await exited;
}

interface Owner {
  email: string;
  session: string;
}

describe('billing: event bundles, with the events service', () => {
  let harness: BillingHarness | undefined;
  let stripe: FakeStripe | undefined;
  let mail: TestMailCatcher | undefined;
  let events: ChildProcess | undefined;
  let eventsUrl: string;
  let eventsEnv: Record<string, string>;
  let eventsDataSource: DataSource | undefined;
  let billing: INestApplication | undefined;
  let billingConfig: BillingConfig;

  const eventsDb = () => eventsDataSource!;
  const billingDb = () => billing!.get(DataSource);

  async function startEvents(): Promise<void> {
    events = await startEventsProcess(eventsEnv);
  }

  beforeAll(async () => {
    harness = await startBilling({
      busName: 'bundles-test',
      // The events service runs beside billing and answers its owner checks.
      owners: false,
      config: { stripeSecretKey: 'sk_test_bundles' },
      beforeStart: async ({ postgres, nats }) => {
        const eventsPort = await findFreePort();
        eventsUrl = `http://127.0.0.1:${eventsPort}`;
        eventsEnv = {
          PORT: String(eventsPort),
          DATABASE_URL: await postgres.createDatabase(),
          NATS_URL: nats.url,
          PUBLIC_URL,
        };
        await startEvents();
        eventsDataSource = await new DataSource({
          type: 'postgres',
          url: eventsEnv.DATABASE_URL,
        }).initialize();
      },
    });
    ({ stripe, mail, app: billing, config: billingConfig } = harness);
  });

  afterAll(async () => {
    await eventsDataSource?.destroy();
    await killProcess(events);
    await harness?.stop();
  });

  async function graphql<Data>(
    app: INestApplication | string,
    query: string,
    variables: object = {},
    token?: string,
  ): Promise<GraphQLBody<Data>> {
    const call = request(typeof app === 'string' ? app : app.getHttpServer())
      .post('/graphql')
      .set(CLIENT_ADDRESS_HEADER, `client-${randomUUID()}`)
      .send({ query, variables });
    if (token) call.set('Authorization', `Bearer ${token}`);
    return (await call).body as GraphQLBody<Data>;
  }

  /** Orders a gallery through the events service, as the order form does: its code and the owner's session. */
  async function orderGallery(plan: PlanId = 'free', email = `couple-${randomUUID()}@example.com`) {
    const body = await graphql<{ createGallery: { event: { code: string }; sessionToken: string } }>(
      eventsUrl,
      CREATE_GALLERY,
      {
        input: {
          coupleNames: 'Sarah & Mike',
          weddingDate: '2027-06-12',
          location: 'Lyon, France',
          email,
          phone: '+33 6 12 34 56 78',
          plan: plan.toUpperCase(),
        },
      },
    );
    expect(body.errors).toBeUndefined();
    return {
      code: body.data!.createGallery.event.code,
      owner: { email, session: body.data!.createGallery.sessionToken },
    };
  }

  async function galleryPlan(code: string): Promise<string> {
    const [row] = (await eventsDb().query('SELECT plan FROM events WHERE code = $1', [code])) as {
      plan: string;
    }[];
    return row.plan;
  }

  async function startCheckout(owner: Owner, bundleId: string, quantity = 1): Promise<BundleCheckout> {
    const body = await graphql<{ startBundleCheckout: BundleCheckout }>(
      billing!,
      START,
      { bundleId, quantity },
      owner.session,
    );
    expect(body.errors).toBeUndefined();
    return body.data!.startBundleCheckout;
  }

  function sessionCompleted(checkout: BundleCheckout, paymentIntent = `pi_${randomUUID()}`) {
    return signedEvent('checkout.session.completed', {
      id: `cs_${checkout.id}`,
      object: 'checkout.session',
      client_reference_id: checkout.id,
      metadata: { checkoutId: checkout.id, kind: 'bundle' },
      amount_total: checkout.amountCents,
      currency: checkout.currency,
      payment_intent: paymentIntent,
    });
  }

  function webhook(event: { payload: string; signature: string }) {
    return request(billing!.getHttpServer())
      .post('/webhooks/stripe')
      .set('Content-Type', 'application/json')
      .set('Stripe-Signature', event.signature)
      .send(event.payload);
  }

  async function purchases(owner: Owner): Promise<Purchase[]> {
    const body = await graphql<{ myBundlePurchases: Purchase[] }>(billing!, PURCHASES, {}, owner.session);
    expect(body.errors).toBeUndefined();
    return body.data!.myBundlePurchases;
  }

  /** Buys `bundleId` through Stripe's signed webhook: the purchase with its credits. */
  async function buy(owner: Owner, bundleId: string, paymentIntent?: string): Promise<Purchase> {
    const checkout = await startCheckout(owner, bundleId);
    expect((await webhook(sessionCompleted(checkout, paymentIntent))).status).toBe(200);
    return (await purchases(owner)).find(
      (purchase) => purchase.bundleId === bundleId && purchase.credits.length,
    )!;
  }

  function redeem(owner: Owner, creditId: string, code: string, plan: string) {
    return graphql<{ redeemCredit: Credit }>(billing!, REDEEM, { creditId, code, plan }, owner.session);
  }

  async function waitForPlan(code: string, plan: string): Promise<void> {
    await waitFor(`${code} on ${plan}`, async () => (await galleryPlan(code)) === plan);
  }

  /** Every event of `subject` in JetStream, read from the start of the stream. */
  const published = <S extends Subject>(subject: S) => harness!.published(subject);

  function expectRefusal(body: GraphQLBody<unknown>, code: keyof typeof en.errors, count?: number) {
    expect(body.errors?.[0]).toMatchObject({
      message: englishMessage(`errors.${code}`, { count }),
      extensions: { code },
    });
  }

  it('opens a Stripe checkout priced from the catalogue, and refuses an unknown bundle, too many, or no session', async () => {
    const { owner } = await orderGallery();
    const checkout = await startCheckout(owner, 'standard-5', 2);
    expect(checkout).toMatchObject({
      bundleId: 'standard-5',
      amountCents: 2 * findBundle('standard-5')!.priceCents,
    });
    const call = stripe!.calls.find((c) => c.form.get('client_reference_id') === checkout.id)!;
    expect(call.headers['idempotency-key']).toBe(checkout.id);
    expect(call.form.get('metadata[kind]')).toBe('bundle');
    expect(call.form.get('line_items[0][quantity]')).toBe('2');
    expect(call.form.get('line_items[0][price_data][unit_amount]')).toBe(
      String(findBundle('standard-5')!.priceCents),
    );
    expect(call.form.get('customer_email')).toBe(owner.email);

    expectRefusal(
      await graphql(billing!, START, { bundleId: 'standard-4', quantity: 1 }, owner.session),
      'BUNDLE_NOT_FOUND',
    );
    expectRefusal(
      await graphql(
        billing!,
        START,
        { bundleId: 'standard-3', quantity: BUNDLE_LIMITS.bundlesPerCheckout + 1 },
        owner.session,
      ),
      'TOO_MANY_BUNDLES',
      BUNDLE_LIMITS.bundlesPerCheckout,
    );
    expectRefusal(await graphql(billing!, START, { bundleId: 'standard-3', quantity: 1 }), 'UNAUTHENTICATED');
    expectRefusal(
      await graphql(billing!, START, { bundleId: 'standard-3', quantity: 1 }, 'not-a-session'),
      'UNAUTHENTICATED',
    );
  });

  it('records a purchase once for a webhook delivered twice, with its credits valid a year, and mails a receipt listing them', async () => {
    const { owner } = await orderGallery();
    const checkout = await startCheckout(owner, 'standard-3');
    const event = sessionCompleted(checkout);
    expect((await webhook(event)).status).toBe(200);
    expect((await webhook(event)).status).toBe(200);
    // The same payment again under another event id (Stripe's retry of a lost acknowledgement) changes nothing.
    expect((await webhook(sessionCompleted(checkout))).status).toBe(200);

    const [purchase] = await purchases(owner);
    expect(purchase).toMatchObject({ bundleId: 'standard-3', plan: 'STANDARD', events: 3, quantity: 1 });
    expect(purchase.amountCents).toBe(findBundle('standard-3')!.priceCents);
    expect(purchase.credits).toHaveLength(3);
    expect(purchase.credits.every((credit) => credit.status === 'UNUSED')).toBe(true);
    expect(new Date(purchase.expiresAt).getTime() - new Date(purchase.paidAt).getTime()).toBe(
      CREDIT_VALIDITY_DAYS * DAY_MS,
    );
    expect(purchase.refundableUntil).toBe(
      new Date(new Date(purchase.paidAt).getTime() + REFUND_WINDOW_DAYS * DAY_MS).toISOString(),
    );

    await waitFor('the receipt', async () =>
      (await caughtMail(mail!.webUrl)).some(
        (message) =>
          message.to.some((to) => to.address === owner.email) &&
          message.subject === 'Payment receipt: 3 Standard event credits' &&
          (message.text ?? '').includes('Credits: 3 Standard credits'),
      ),
    );
    const bought = (await published('credit.purchased')).filter((e) => e.data.purchaseId === purchase.id);
    expect(bought).toHaveLength(1);
    expect(bought[0].data).toMatchObject({ credits: 3, plan: 'standard', bundleId: 'standard-3' });
  });

  it('redeems a credit on a new gallery ordered with that plan: the plan applies and the order is fulfilled', async () => {
    const email = `planner-${randomUUID()}@example.com`;
    const { owner } = await orderGallery('free', email);
    const purchase = await buy(owner, 'standard-3');
    const { code } = await orderGallery('standard', email);
    expect(await galleryPlan(code)).toBe('free');

    const body = await redeem(owner, purchase.credits[0].id, code, 'STANDARD');
    expect(body.errors).toBeUndefined();
    expect(body.data!.redeemCredit).toMatchObject({ status: 'REDEEMED', eventCode: code });
    await waitForPlan(code, 'standard');
    const [order] = (await eventsDb().query('SELECT status FROM orders WHERE event_code = $1', [code])) as {
      status: string;
    }[];
    expect(order.status).toBe('fulfilled');
    const upgraded = (await published('plan.upgraded')).filter((e) => e.data.code === code);
    expect(upgraded.map((e) => [e.data.previousPlan, e.data.plan, e.data.paymentId])).toEqual([
      ['free', 'standard', purchase.credits[0].id],
    ]);
  });

  it('redeems a credit as an upgrade, Premium over Standard, and refuses a gallery already at that plan', async () => {
    const { code, owner } = await orderGallery('free');
    const standard = await buy(owner, 'standard-3');
    const premium = await buy(owner, 'premium-3');
    expect((await redeem(owner, standard.credits[0].id, code, 'STANDARD')).errors).toBeUndefined();
    await waitForPlan(code, 'standard');
    expectRefusal(await redeem(owner, standard.credits[1].id, code, 'STANDARD'), 'GALLERY_ALREADY_ON_PLAN');
    expect((await redeem(owner, premium.credits[0].id, code, 'PREMIUM')).errors).toBeUndefined();
    await waitForPlan(code, 'premium');
    expectRefusal(await redeem(owner, premium.credits[1].id, code, 'PREMIUM'), 'GALLERY_ALREADY_ON_PLAN');
    const left = (await purchases(owner)).flatMap((p) => p.credits).filter((c) => c.status === 'UNUSED');
    expect(left).toHaveLength(4);
  });

  it('refunds a checkout paid for the upgrade a credit already made, and refuses a credit after a payment', async () => {
    const { code, owner } = await orderGallery('free');
    const purchase = await buy(owner, 'standard-3');
    // The couple opened a Stripe page for Standard, then used a credit, then paid on the page left open.
    const opened = await graphql<{ startCheckout: { id: string; amountCents: number } }>(
      billing!,
      'mutation ($code: String!) { startCheckout(eventCode: $code, plan: STANDARD) { id amountCents } }',
      { code },
      owner.session,
    );
    expect(opened.errors).toBeUndefined();
    expect((await redeem(owner, purchase.credits[0].id, code, 'STANDARD')).errors).toBeUndefined();
    const paymentIntent = `pi_late_${randomUUID()}`;
    const paid = signedEvent('checkout.session.completed', {
      id: `cs_${opened.data!.startCheckout.id}`,
      object: 'checkout.session',
      client_reference_id: opened.data!.startCheckout.id,
      metadata: { checkoutId: opened.data!.startCheckout.id },
      amount_total: opened.data!.startCheckout.amountCents,
      currency: 'usd',
      payment_intent: paymentIntent,
    });
    expect((await webhook(paid)).status).toBe(200);
    const [payment] = (await billingDb().query('SELECT applied FROM payments WHERE payment_intent = $1', [
      paymentIntent,
    ])) as { applied: boolean }[];
    expect(payment.applied).toBe(false);
    expect(
      stripe!.calls.filter((c) => c.path === '/v1/refunds' && c.form.get('payment_intent') === paymentIntent),
    ).toHaveLength(1);
    await waitForPlan(code, 'standard');

    // And the other way round: a payment recorded for Premium, not yet applied by events, bars a Premium credit.
    const premium = await buy(owner, 'premium-3');
    const upgrade = await graphql<{ startCheckout: { id: string; amountCents: number } }>(
      billing!,
      'mutation ($code: String!) { startCheckout(eventCode: $code, plan: PREMIUM) { id amountCents } }',
      { code },
      owner.session,
    );
    await billing!.get(OutboxRelay).stop();
    const upgraded = signedEvent('checkout.session.completed', {
      id: `cs_${upgrade.data!.startCheckout.id}`,
      object: 'checkout.session',
      client_reference_id: upgrade.data!.startCheckout.id,
      metadata: { checkoutId: upgrade.data!.startCheckout.id },
      amount_total: upgrade.data!.startCheckout.amountCents,
      currency: 'usd',
      payment_intent: `pi_${randomUUID()}`,
    });
    expect((await webhook(upgraded)).status).toBe(200);
    expect(await galleryPlan(code)).toBe('standard');
    expectRefusal(await redeem(owner, premium.credits[0].id, code, 'PREMIUM'), 'GALLERY_ALREADY_ON_PLAN');
    billing!.get(OutboxRelay).start();
    await waitForPlan(code, 'premium');
  });

  it('gives the last credit to one of two galleries redeeming it at the same moment, and refuses the other', async () => {
    const email = `race-${randomUUID()}@example.com`;
    const { owner } = await orderGallery('free', email);
    const purchase = await buy(owner, 'standard-3');
    for (const credit of purchase.credits.slice(0, 2)) {
      const { code } = await orderGallery('free', email);
      expect((await redeem(owner, credit.id, code, 'STANDARD')).errors).toBeUndefined();
    }
    const last = purchase.credits[2].id;
    const galleries = [await orderGallery('free', email), await orderGallery('free', email)];
    // Hold the credit's row so both redemptions get past their checks and meet at the update: the first waits
    // on the row, the second on the plan-change lock the first holds.
    const holder = billingDb().createQueryRunner();
    await holder.startTransaction();
    let answers: GraphQLBody<{ redeemCredit: Credit }>[];
    try {
      await holder.query('SELECT 1 FROM credits WHERE id = $1 FOR UPDATE', [last]);
      const racing = Promise.all(galleries.map(({ code }) => redeem(owner, last, code, 'STANDARD')));
      await waitFor('both redemptions waiting', async () => {
        const [{ waiting }] = (await billingDb().query(
          `SELECT count(*)::int AS waiting FROM pg_stat_activity
           WHERE datname = current_database() AND wait_event_type = 'Lock'
             AND (query LIKE 'UPDATE credits SET redeemed_at%' OR query LIKE 'SELECT pg_advisory_xact_lock%')`,
        )) as { waiting: number }[];
        return waiting === 2;
      });
      await holder.commitTransaction();
      answers = await racing;
    } finally {
      if (holder.isTransactionActive) await holder.rollbackTransaction();
      await holder.release();
    }

    const won = answers.filter((answer) => !answer.errors);
    const refused = answers.filter((answer) => answer.errors);
    expect(won).toHaveLength(1);
    expect(refused).toHaveLength(1);
    expectRefusal(refused[0], 'CREDIT_ALREADY_USED');
    const winner = won[0].data!.redeemCredit.eventCode!;
    const loser = galleries.map(({ code }) => code).find((code) => code !== winner)!;
    await waitForPlan(winner, 'standard');
    await waitFor(
      'the outbox published',
      async () => ((await billingDb().query('SELECT 1 FROM outbox_events')) as unknown[]).length === 0,
    );
    expect(await galleryPlan(loser)).toBe('free');
    const redeemed = (await published('credit.redeemed')).filter((e) => e.data.creditId === last);
    expect(redeemed.map((e) => e.data.eventCode)).toEqual([winner]);
    const [mine] = await purchases(owner);
    expect(mine.credits.filter((c) => c.status === 'UNUSED')).toHaveLength(0);
  });

  it('finishes the plan change after billing is killed before publishing and events was down', async () => {
    const { code, owner } = await orderGallery('free');
    const purchase = await buy(owner, 'premium-3');
    await billing!.get(OutboxRelay).stop();
    expect((await redeem(owner, purchase.credits[0].id, code, 'PREMIUM')).errors).toBeUndefined();
    const pending = (await billingDb().query('SELECT subject FROM outbox_events')) as { subject: string }[];
    expect(pending.map((row) => row.subject)).toContain('credit.redeemed');
    // Billing dies with the redemption committed and unpublished; events is down too.
    await killProcess(events, 'SIGKILL');
    await harness!.restart();
    billing = harness!.app;
    await waitFor(
      'the outbox published',
      async () => ((await billingDb().query('SELECT 1 FROM outbox_events')) as unknown[]).length === 0,
    );
    await startEvents();
    await waitForPlan(code, 'premium');
    const [applied] = (await eventsDb().query(
      'SELECT count(*)::int AS n FROM applied_payments WHERE payment_id = $1',
      [purchase.credits[0].id],
    )) as { n: number }[];
    expect(applied.n).toBe(1);
  });

  it('keeps a credit spent on a purged gallery spent, with nothing of the gallery left in billing', async () => {
    const { code, owner } = await orderGallery('free');
    const purchase = await buy(owner, 'standard-3');
    expect((await redeem(owner, purchase.credits[0].id, code, 'STANDARD')).errors).toBeUndefined();
    await waitFor(
      'the outbox published',
      async () => ((await billingDb().query('SELECT 1 FROM outbox_events')) as unknown[]).length === 0,
    );
    await harness!.publish({
      id: randomUUID(),
      type: 'event.expired',
      occurredAt: new Date().toISOString(),
      data: { code, reason: 'deleted' },
    });
    await waitFor(
      'the purge',
      async () => (await databaseMentions(billingConfig.databaseUrl, code)).length === 0,
    );
    const [after] = await purchases(owner);
    expect(after.credits.find((credit) => credit.id === purchase.credits[0].id)).toMatchObject({
      status: 'REDEEMED',
      eventCode: null,
    });
    expect(after.credits.filter((credit) => credit.status === 'UNUSED')).toHaveLength(2);
  });

  it("refuses another owner's credit, an expired one, one of the wrong plan and a refunded one", async () => {
    const mine = await orderGallery('free');
    const theirs = await orderGallery('free');
    const purchase = await buy(mine.owner, 'standard-5');
    const [first, second, third] = purchase.credits;

    expectRefusal(await redeem(theirs.owner, first.id, theirs.code, 'STANDARD'), 'NOT_CREDIT_OWNER');
    expectRefusal(await redeem(mine.owner, first.id, mine.code, 'PREMIUM'), 'CREDIT_WRONG_PLAN');
    expectRefusal(await redeem(mine.owner, randomUUID(), mine.code, 'STANDARD'), 'CREDIT_NOT_FOUND');
    expectRefusal(await redeem(mine.owner, first.id, theirs.code, 'STANDARD'), 'NOT_GALLERY_OWNER');
    await billingDb().query("UPDATE credits SET expires_at = now() - interval '1 day' WHERE id = $1", [
      second.id,
    ]);
    expectRefusal(
      await redeem(mine.owner, second.id, mine.code, 'STANDARD'),
      'CREDIT_EXPIRED',
      CREDIT_VALIDITY_DAYS,
    );
    const expired = (await purchases(mine.owner))[0].credits.find((c) => c.id === second.id)!;
    expect(expired.status).toBe('EXPIRED');

    const refund = await graphql<unknown>(billing!, REFUND, { id: purchase.id }, mine.owner.session);
    expect(refund.errors).toBeUndefined();
    expectRefusal(await redeem(mine.owner, third.id, mine.code, 'STANDARD'), 'CREDIT_REFUNDED');
    expectRefusal(
      await graphql(billing!, REFUND, { id: purchase.id }, theirs.owner.session),
      'NOT_CREDIT_OWNER',
    );
    expect(await galleryPlan(mine.code)).toBe('free');
  });

  it('refunds the unused credits pro rata through Stripe within 30 days, keeps used ones used, and mails the confirmation', async () => {
    const { code, owner } = await orderGallery('free');
    const paymentIntent = `pi_bundle_${randomUUID()}`;
    const purchase = await buy(owner, 'standard-3', paymentIntent);
    expect((await redeem(owner, purchase.credits[0].id, code, 'STANDARD')).errors).toBeUndefined();

    const body = await graphql<{
      refundUnusedCredits: { refundCents: number; credits: { status: string }[] };
    }>(billing!, REFUND, { id: purchase.id }, owner.session);
    expect(body.errors).toBeUndefined();
    const expected = Math.floor((findBundle('standard-3')!.priceCents * 2) / 3);
    expect(body.data!.refundUnusedCredits.refundCents).toBe(expected);
    expect(body.data!.refundUnusedCredits.credits.map((c) => c.status).sort()).toEqual([
      'REDEEMED',
      'REFUNDED',
      'REFUNDED',
    ]);
    const calls = stripe!.calls.filter(
      (c) => c.path === '/v1/refunds' && c.form.get('payment_intent') === paymentIntent,
    );
    expect(calls).toHaveLength(1);
    expect(calls[0].form.get('amount')).toBe(String(expected));
    expect(calls[0].headers['idempotency-key']).toBe(`bundle-refund-${purchase.id}`);
    expectRefusal(
      await graphql(billing!, REFUND, { id: purchase.id }, owner.session),
      'NO_CREDITS_TO_REFUND',
    );

    // Stripe confirms the partial refund (its charge stays `refunded: false`), twice.
    const confirmed = signedEvent('charge.refunded', {
      id: `ch_${randomUUID()}`,
      object: 'charge',
      payment_intent: paymentIntent,
      amount_refunded: expected,
      refunded: false,
    });
    expect((await webhook(confirmed)).status).toBe(200);
    expect((await webhook(confirmed)).status).toBe(200);
    const [after] = await purchases(owner);
    expect(after.refundedAt).not.toBeNull();
    expect(after.refundCents).toBe(expected);
    await waitFor('the refund confirmation', async () =>
      (await caughtMail(mail!.webUrl)).some(
        (message) =>
          message.to.some((to) => to.address === owner.email) &&
          message.subject === 'Refund confirmed for 2 unused Standard credits',
      ),
    );
    expect(await galleryPlan(code)).toBe('standard');
  });

  it('refuses to refund a bundle once the 30-day window has passed', async () => {
    const { owner } = await orderGallery('free');
    const purchase = await buy(owner, 'premium-5');
    await billingDb().query(
      "UPDATE bundle_purchases SET paid_at = now() - interval '31 days' WHERE id = $1",
      [purchase.id],
    );
    expectRefusal(
      await graphql(billing!, REFUND, { id: purchase.id }, owner.session),
      'REFUND_WINDOW_CLOSED',
      REFUND_WINDOW_DAYS,
    );
    const [after] = await purchases(owner);
    expect(after.refundableUntil).toBeNull();
    expect(after.credits.every((credit) => credit.status === 'UNUSED')).toBe(true);
  });
});
